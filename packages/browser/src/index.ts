// Browser helpers shared by the console and the website.
export { DownloadError, downloadFile, fileNameFromDisposition, saveFile, type DownloadOptions } from './download.js';
