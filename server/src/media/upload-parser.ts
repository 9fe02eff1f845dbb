import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { finalize, from, switchMap } from 'rxjs';
import { AppError } from '../common/app-error.js';
import { MAX_AUDIO_BYTES } from './audio.js';
import { MAX_UPLOAD_BYTES } from './media.service.js';

/** An audio file as multer left it: written to a temporary file, removed once the request is answered. */
export interface UploadedAudio {
  path: string;
  size: number;
}

export interface UploadedFiles {
  image?: { buffer: Buffer }[];
  audio?: UploadedAudio[];
}

const TEMP_DIRECTORY = join(tmpdir(), 'ministry-uploads');

/**
 * Images are kept in memory (they are re-encoded, never stored as sent) and stopped past their own cap; audio
 * goes to a temporary file, so a long recording is never held in memory.
 */
const storage: StorageEngine = {
  _handleFile(_req, file, done) {
    if (file.fieldname === 'audio') {
      const path = join(TEMP_DIRECTORY, randomBytes(16).toString('hex'));
      const write = () => {
        const out = createWriteStream(path, { flags: 'wx' });
        return pipeline(file.stream, out).then(() => out.bytesWritten);
      };
      mkdir(TEMP_DIRECTORY, { recursive: true })
        .then(write)
        .then(
          (size) => done(null, { path, size }),
          (error: Error) => rm(path, { force: true }).finally(() => done(error)),
        );
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        file.stream.destroy(new MulterError('LIMIT_FILE_SIZE', file.fieldname));
        return;
      }
      chunks.push(chunk);
    });
    file.stream.on('error', (error) => done(error));
    file.stream.on('end', () => done(null, { buffer: Buffer.concat(chunks), size }));
  },
  _removeFile(_req, file, done) {
    const path = (file as { path?: string }).path;
    if (!path) return done(null);
    rm(path, { force: true }).then(() => done(null), done);
  },
};

const parse = multer({
  storage,
  limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 20, fieldSize: 1024 * 1024 },
}).fields([
  { name: 'image', maxCount: 1 },
  { name: 'audio', maxCount: 1 },
]);

function tooLarge(field: string): AppError {
  return field === 'audio'
    ? AppError.badInput('audio', `The audio file is too large (at most ${MAX_AUDIO_BYTES / 1024 / 1024} MB)`)
    : AppError.badInput('image', 'The file is too large');
}

/** Multipart parsing for `POST /api/uploads`: one `image` or one `audio` field; temporary files always removed. */
@Injectable()
export class UploadFilesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const request = context.switchToHttp().getRequest<Request & { files?: UploadedFiles }>();
    const response = context.switchToHttp().getResponse<Response>();
    const parsed = new Promise<void>((resolve, reject) =>
      parse(request, response, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof MulterError) {
          return reject(error.code === 'LIMIT_FILE_SIZE' ? tooLarge(error.field ?? 'image') : AppError.badInput(error.field ?? 'image', error.message));
        }
        reject(error instanceof Error ? error : new Error('The upload could not be read'));
      }),
    );
    const cleanUp = () => {
      for (const file of request.files?.audio ?? []) void rm(file.path, { force: true });
    };
    return from(parsed).pipe(
      switchMap(() => next.handle()),
      finalize(cleanUp),
    );
  }
}
