import { Body, Controller, Get, Inject, Param, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { join } from 'node:path';
import { IsOptional, IsString } from 'class-validator';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Public } from '../access/decorators.js';
import { RateLimit } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AudioFilesService } from './audio-files.service.js';
import { contentTypeOf, FILE_NAME } from './file-store.js';
import { MAX_UPLOAD_BYTES, MediaService } from './media.service.js';
import { UploadFilesInterceptor, type UploadedFiles as Files } from './upload-parser.js';

/**
 * Multipart parsing for one image field: multer keeps the file in memory (it is re-encoded, never stored as
 * sent) and stops reading past the size cap, which the error filter answers as a 400 naming `image`.
 */
export const ImageFileInterceptor = (field = 'image') =>
  FileInterceptor(field, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 1024 * 1024 } });

/** The part of multer's file the server reads: the bytes, kept in memory. */
export interface UploadedImage {
  buffer: Buffer;
}

export class UploadBody {
  @IsOptional()
  @IsString()
  purpose?: string;
}

@Controller('api')
export class UploadsController {
  constructor(
    private readonly media: MediaService,
    private readonly audioFiles: AudioFilesService,
  ) {}

  @RateLimit('upload', 120, 10 * 60)
  @Post('uploads')
  @UseInterceptors(UploadFilesInterceptor)
  upload(@UploadedFiles() files: Files | undefined, @Body() body: UploadBody, @CurrentUser() caller: AuthUser) {
    const audio = files?.audio?.[0];
    return audio ? this.audioFiles.uploadAudio(audio, caller) : this.media.upload(files?.image?.[0], body.purpose, caller);
  }
}

/**
 * Serves stored images and audio from local disk: names are random and never reused, so they are cached for a
 * year. `sendFile` answers byte ranges (206, or 416 when none can be), which podcast apps use to seek.
 */
@Public()
@Controller('uploads')
export class UploadFilesController {
  private readonly directory: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.directory = join(config.dataDir, 'uploads');
  }

  @Get(':name')
  file(@Param('name') name: string, @Res() response: Response) {
    if (!FILE_NAME.test(name)) throw AppError.notFound('The file');
    response.sendFile(
      name,
      {
        root: this.directory,
        maxAge: '1y',
        immutable: true,
        dotfiles: 'deny',
        headers: { 'X-Content-Type-Options': 'nosniff', 'Content-Type': contentTypeOf(name) },
      },
      (error?: Error & { status?: number; headers?: Record<string, string> }) => {
        if (!error || response.headersSent) return;
        if (error.status === 416) response.status(416).set(error.headers ?? {}).end();
        else response.status(404).json({ errors: [{ msg: 'The file was not found', path: '' }], code: 'NOT_FOUND' });
      },
    );
  }
}
