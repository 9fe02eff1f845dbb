import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { EntityManager, In, Repository } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import { AppError } from '../common/app-error.js';
import { can } from '../access/permissions.js';
import type { AuthUser } from '../access/auth-user.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import { encodeArtwork, encodeVariants } from './image-encoding.js';
import { detectImageType } from './image-type.js';
import { ImageVariant, srcSetOf, Upload, UPLOAD_PURPOSES, type UploadPurpose } from './upload.entity.js';

const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const IMAGE_FILE = /\.(webp|jpg)$/;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Sizes the designs are made for; other sizes are accepted with a warning. */
const GUIDANCE: Partial<Record<UploadPurpose, { width: number; height: number; what: string }>> = {
  slider: { width: 1500, height: 400, what: 'Slider images' },
  visit: { width: 700, height: 800, what: 'The visit image' },
};

/** Purposes a caller may name on `POST /api/uploads` (posters are made by the server). */
export const CLIENT_PURPOSES: string[] = UPLOAD_PURPOSES.filter((p) => p !== 'poster');

export interface UploadResult {
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  srcSet: string;
  warnings: string[];
}

/**
 * Turns an uploaded or generated image into WebP variants (podcast artwork one JPEG: `image-encoding.ts`), stores
 * them under a random name and records them; answers whether a URL is one of ours. Audio is `AudioFilesService`'s.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');

  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    @InjectRepository(Upload) private readonly uploads: Repository<Upload>,
  ) {}

  /** `POST /api/uploads`: content editors may upload for any purpose, members only a testimony image. */
  async upload(file: { buffer: Buffer } | undefined, purposeField: string | undefined, caller: AuthUser): Promise<UploadResult> {
    const purpose = (purposeField || (can(caller, PERMISSION.contentWrite) ? 'post' : undefined)) as UploadPurpose | undefined;
    if (purpose !== undefined && !CLIENT_PURPOSES.includes(purpose)) {
      throw AppError.badInput('purpose', `purpose must be one of ${CLIENT_PURPOSES.join(', ')}`);
    }
    if (!can(caller, PERMISSION.contentWrite) && purpose !== 'testimony') throw AppError.forbidden('Members may only upload a testimony image');
    if (!file?.buffer?.length) throw AppError.badInput('image', 'image is required');
    const upload = await this.storeImage(file.buffer, purpose!, caller.id);
    return { ...this.describe(upload), warnings: this.warnings(purpose!, upload) };
  }

  /** Stores one image; `manager` lets a caller keep the record inside its own transaction. */
  async storeImage(data: Buffer, purpose: UploadPurpose, uploadedBy: number | null, manager?: EntityManager): Promise<Upload> {
    if (!detectImageType(data)) {
      throw AppError.badInput('image', 'image must be a JPEG, PNG, WebP, AVIF or GIF picture');
    }
    const artwork = purpose === 'podcast';
    const variants = artwork ? [await encodeArtwork(data)] : await encodeVariants(data);
    const name = randomBytes(16).toString('hex');
    const saved: string[] = [];
    try {
      const stored: ImageVariant[] = [];
      for (const variant of variants) {
        const file = artwork ? `${name}.jpg` : `${name}-${variant.width}.webp`;
        const url = await this.store.save(file, variant.data, artwork ? 'image/jpeg' : 'image/webp');
        saved.push(file);
        stored.push({ url, width: variant.width, height: variant.height });
      }
      const largest = stored[stored.length - 1];
      const repository = manager?.getRepository(Upload) ?? this.uploads;
      return await repository.save(
        repository.create({ name, url: largest.url, width: largest.width, height: largest.height, variants: stored, purpose, uploadedBy }),
      );
    } catch (error) {
      await this.store.remove(saved).catch((e: Error) => this.logger.warn(`could not remove ${name}: ${e.message}`));
      throw error;
    }
  }

  private warnings(purpose: UploadPurpose, upload: Upload): string[] {
    const guide = GUIDANCE[purpose];
    if (!guide || (upload.width === guide.width && upload.height === guide.height)) return [];
    return [`${guide.what} are made for ${guide.width}x${guide.height} pixels; this one is ${upload.width}x${upload.height}, so it may be cropped or look soft.`];
  }

  describe(upload: Upload): Omit<UploadResult, 'warnings'> {
    return { url: upload.url, width: upload.width, height: upload.height, variants: upload.variants, srcSet: srcSetOf(upload.variants) };
  }

  /**
   * For multipart forms that carry the picture with the record (the legacy content paths): stores the file,
   * if one came, and runs `write` with its URL (else with `url`); the stored image goes if `write` fails.
   */
  async withImage<T>(
    file: { buffer: Buffer } | undefined,
    url: string | null | undefined,
    purpose: UploadPurpose,
    caller: AuthUser,
    write: (image: string | null | undefined) => Promise<T>,
  ): Promise<T> {
    if (!file?.buffer?.length) return write(url);
    const upload = await this.storeImage(file.buffer, purpose, caller.id);
    try {
      return await write(upload.url);
    } catch (error) {
      await this.removeImage(upload.url).catch((e: Error) => this.logger.warn(`could not remove ${upload.url}: ${e.message}`));
      throw error;
    }
  }

  /** For the per-request DataLoader: the uploads whose main URL is one of these. */
  byUrls(urls: readonly string[]): Promise<Upload[]> {
    return this.uploads.findBy({ url: In([...urls]) });
  }

  /** One of our stored pictures; an audio file of the same store is not one. */
  ownsImage(url: string): boolean {
    return this.store.owns(url) && IMAGE_FILE.test(url);
  }

  /** An entity's `image` must be one of our stored images (or empty, to clear it). */
  assertOwnImage(url: string | null | undefined, field = 'image'): void {
    if (url && !this.ownsImage(url)) throw AppError.badInput(field, `${field} must be the url of an image uploaded with POST /api/uploads`);
  }

  /** Those of `urls` that are podcast artwork: JPEG, square, 1400 to 3000 pixels, as Apple requires. */
  async podcastArtwork(urls: (string | null | undefined)[]): Promise<Set<string>> {
    const given = urls.filter((url): url is string => !!url);
    const uploads = given.length ? await this.uploads.findBy({ url: In(given), purpose: 'podcast' }) : [];
    return new Set(uploads.map((upload) => upload.url));
  }

  /** `field` must be an image uploaded with purpose `podcast` (or empty, to clear it). */
  async assertPodcastArtwork(url: string | null | undefined, field: string): Promise<void> {
    if (url && !(await this.podcastArtwork([url])).has(url)) {
      throw AppError.badInput(field, `${field} must be the url of an image uploaded with POST /api/uploads and purpose podcast (square, 1400 to 3000 pixels)`);
    }
  }

  /** Deletes the files of an upload whose record was never kept (its transaction failed). */
  async discardFiles(upload: Upload): Promise<void> {
    await this.store.remove(upload.variants.map((v) => fileNameOf(v.url)));
  }

  /** Removes a stored image, record and files: a replaced video poster, or a form's picture whose record failed. */
  async removeImage(url: string | null | undefined): Promise<void> {
    if (!url) return;
    const upload = await this.uploads.findOneBy({ url });
    if (!upload) return;
    await this.uploads.delete(upload.id);
    await this.store.remove(upload.variants.map((v) => fileNameOf(v.url)));
  }
}
