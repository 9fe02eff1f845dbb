import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export interface ImageVariant {
  url: string;
  width: number;
  height: number;
}

export const UPLOAD_PURPOSES = ['slider', 'visit', 'post', 'testimony', 'book', 'meeting', 'poster', 'podcast'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * One stored image: its WebP variants (podcast artwork: one JPEG) and the URL of the largest, which is what entities keep as `image`.
 * Kept so `imageSrcSet` and the intrinsic size can be answered for any entity's image.
 */
@Entity('uploads')
export class Upload {
  @PrimaryGeneratedColumn()
  id: number;

  /** The random base name shared by the variants' files. */
  @Index('IDX_uploads_name', { unique: true })
  @Column({ length: 64 })
  name: string;

  @Index('IDX_uploads_url', { unique: true })
  @Column({ length: 500 })
  url: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Smallest first. */
  @Column({ type: 'jsonb' })
  variants: ImageVariant[];

  @Column({ type: 'varchar', length: 20 })
  purpose: UploadPurpose;

  @Index('IDX_uploads_uploaded_by')
  @Column({ name: 'uploaded_by', type: 'integer', nullable: true })
  uploadedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export const srcSetOf = (variants: ImageVariant[]) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');
