import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Repository } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { AppError } from '../common/app-error.js';
import { readAudio } from './audio.js';
import { AudioFile } from './audio-file.entity.js';
import { FILE_STORE, type FileStore } from './file-store.js';

export interface AudioUpload {
  url: string;
  bytes: number;
  durationSeconds: number;
  mimeType: string;
}

/** Sermon audio: kept as sent under a random name, once its content and length are checked, and recorded. */
@Injectable()
export class AudioFilesService {
  private readonly logger = new Logger('Media');

  constructor(
    @InjectRepository(AudioFile) private readonly audioFiles: Repository<AudioFile>,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  /** `POST /api/uploads` with `audio`: an MP3 or M4A, checked by content and kept as sent under a random name. */
  async uploadAudio(file: { path: string }, caller: AuthUser): Promise<AudioUpload> {
    if (!can(caller, PERMISSION.contentWrite)) throw AppError.forbidden('Only content editors may upload audio');
    const { mimeType, extension, durationSeconds } = await readAudio(file.path);
    const bytes = (await stat(file.path)).size;
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    const url = await this.store.saveFile(name, file.path, mimeType);
    try {
      await this.audioFiles.insert({ name, url, bytes, durationSeconds, mimeType, uploadedBy: caller.id });
    } catch (error) {
      await this.store.remove([name]).catch((e: Error) => this.logger.warn(`could not remove ${name}: ${e.message}`));
      throw error;
    }
    return { url, bytes, durationSeconds, mimeType };
  }

  /** An uploaded audio file's facts, so a sermon takes its size, length and type from the upload itself. */
  async audioOf(url: string): Promise<AudioUpload | null> {
    const file = await this.audioFiles.findOneBy({ url });
    return file && { url: file.url, bytes: file.bytes, durationSeconds: file.durationSeconds, mimeType: file.mimeType };
  }

  /** Removes an audio file, record and file: a sermon's audio that was replaced, or whose sermon went. */
  async removeAudio(url: string): Promise<void> {
    const file = await this.audioFiles.findOneBy({ url });
    if (!file) return;
    await this.audioFiles.delete({ url });
    await this.store.remove([file.name]);
  }
}
