import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AudioFilesService } from './audio-files.service.js';
import { FILE_STORE, LocalFileStore } from './file-store.js';
import { MediaService } from './media.service.js';
import { UploadLoader } from './upload.loader.js';
import { UploadsPersonalData } from './uploads.personal-data.js';
import { S3FileStore } from './s3-file-store.js';
import { UploadFilesController, UploadsController } from './uploads.controller.js';
import { Upload } from './upload.entity.js';
import { AudioFile } from './audio-file.entity.js';

/** Image and audio uploads and their storage: local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
@Module({
  imports: [TypeOrmModule.forFeature([Upload, AudioFile])],
  controllers: [UploadsController, UploadFilesController],
  providers: [
    MediaService,
    AudioFilesService,
    UploadLoader,
    UploadsPersonalData,
    {
      provide: FILE_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(join(config.dataDir, 'uploads'))),
    },
  ],
  exports: [MediaService, AudioFilesService],
})
export class MediaModule {}
