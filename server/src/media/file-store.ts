import { copyFile, constants, mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** Where uploaded files live; entities keep the URL `save` answers. */
export interface FileStore {
  /** Writes a new file (names are random and never reused) and answers its public URL. */
  save(name: string, data: Buffer, contentType: string): Promise<string>;
  /** The same from a file on disk, streamed, so a large audio file is never held in memory. */
  saveFile(name: string, path: string, contentType: string): Promise<string>;
  remove(names: string[]): Promise<void>;
  /** True when a URL points at a file of this store. */
  owns(url: string): boolean;
}

export const FILE_STORE = Symbol('FILE_STORE');

/**
 * Stored file names: random hex, then a width and `.webp` (image variants), `.jpg` (podcast artwork) or `.mp3`
 * / `.m4a` (audio, kept as sent). Anything else is never served or accepted.
 */
export const FILE_NAME = /^[a-f0-9]{32}(-\d{1,5}\.webp|\.jpg|\.mp3|\.m4a)$/;

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4' };

/** The type a stored file is served with, from its name (which the server chose from its content). */
export const contentTypeOf = (name: string) => CONTENT_TYPES[extname(name)];

export const UPLOADS_PATH = '/uploads';

/** Local disk under DATA_DIR/uploads, served by this app at /uploads. */
export class LocalFileStore implements FileStore {
  constructor(readonly directory: string) {}

  async save(name: string, data: Buffer): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(join(this.directory, name), data, { flag: 'wx' });
    return `${UPLOADS_PATH}/${name}`;
  }

  async saveFile(name: string, path: string): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    await copyFile(path, join(this.directory, name), constants.COPYFILE_EXCL);
    return `${UPLOADS_PATH}/${name}`;
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(join(this.directory, name), { force: true })));
  }

  owns(url: string): boolean {
    return url.startsWith(`${UPLOADS_PATH}/`) && FILE_NAME.test(url.slice(UPLOADS_PATH.length + 1));
  }
}
