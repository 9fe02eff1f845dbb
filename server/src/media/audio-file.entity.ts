import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** bigint comes from node-postgres as a string; a file's length fits a double exactly. */
const bigintAsNumber = { to: (value: number) => value, from: (value: string) => Number(value) };

/** One uploaded MP3 or M4A, kept as sent: what a sermon's `audio` points at, with its size, length and type. */
@Entity('audio_files')
export class AudioFile {
  @PrimaryGeneratedColumn()
  id: number;

  /** The stored file's random name, e.g. `<32 hex>.mp3`. */
  @Index('IDX_audio_files_name', { unique: true })
  @Column({ length: 64 })
  name: string;

  @Index('IDX_audio_files_url', { unique: true })
  @Column({ length: 500 })
  url: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  bytes: number;

  @Column({ name: 'duration_seconds', type: 'integer' })
  durationSeconds: number;

  @Column({ name: 'mime_type', length: 40 })
  mimeType: string;

  @Index('IDX_audio_files_uploaded_by')
  @Column({ name: 'uploaded_by', type: 'integer', nullable: true })
  uploadedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
