import type { S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config/app-config.js';
import { FILE_NAME, type FileStore } from './file-store.js';

type S3Config = NonNullable<AppConfig['s3']>;

/**
 * An S3-compatible bucket (AWS, MinIO, R2...). Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, instance roles). Files are public-read through S3_PUBLIC_URL or the bucket's URL.
 */
export class S3FileStore implements FileStore {
  private client?: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }>;
  private readonly base: string;

  constructor(private readonly config: S3Config) {
    const bucketUrl = config.endpoint
      ? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
    this.base = (config.publicUrl ?? bucketUrl).replace(/\/+$/, '');
  }

  /** The SDK is loaded on first use, so instances on local disk never pay for it. */
  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({ region: this.config.region, endpoint: this.config.endpoint, forcePathStyle: !!this.config.endpoint }),
    }));
    return this.client;
  }

  save(name: string, data: Buffer, contentType: string): Promise<string> {
    return this.put(name, data, data.length, contentType);
  }

  /** Streamed with its length given, which a single PUT needs for a stream. */
  async saveFile(name: string, path: string, contentType: string): Promise<string> {
    return this.put(name, createReadStream(path), (await stat(path)).size, contentType);
  }

  private async put(name: string, body: Buffer | Readable, length: number, contentType: string): Promise<string> {
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: name,
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return `${this.base}/${name}`;
  }

  async remove(names: string[]): Promise<void> {
    if (!names.length) return;
    const { s3, sdk } = await this.connect();
    await s3.send(new sdk.DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: names.map((Key) => ({ Key })) } }));
  }

  owns(url: string): boolean {
    return url.startsWith(`${this.base}/`) && FILE_NAME.test(url.slice(this.base.length + 1));
  }
}
