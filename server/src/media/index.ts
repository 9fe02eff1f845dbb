// Uploads and images as the rest of the server sees them; every other file of media/ is its own.
export { AudioFilesService } from './audio-files.service.js';
export { MediaModule } from './media.module.js';
export { MediaService } from './media.service.js';
export { srcSetOf, Upload, type UploadPurpose } from './upload.entity.js';
export { ImageFileInterceptor, type UploadedImage } from './uploads.controller.js';
