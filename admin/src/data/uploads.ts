import type { DataProvider, ResourceCallbacks } from 'react-admin';
import { toApiError } from './errors';

/** What an image is for: the server sizes its variants by it. */
export type UploadPurpose = 'slider' | 'visit' | 'post' | 'testimony' | 'book' | 'meeting' | 'podcast';
export type UploadResult = { url: string; width?: number; height?: number; srcSet?: string; warnings?: string[] };
export type Uploader = (file: File, purpose: UploadPurpose) => Promise<UploadResult>;

/** What react-admin's ImageInput holds: a newly chosen file, or the current image as `{ src }`. */
type ImageValue = string | null | undefined | { rawFile?: File; src?: string; title?: string };

/**
 * Sends one image to `POST /api/uploads` (multipart field `image`) and answers the stored image's URL. The
 * server's advice about the picture (for example a slider image of the wrong size) goes to `onWarnings`.
 */
export function createUploader(
  getToken: () => string | undefined,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  onWarnings: (warnings: string[]) => void = () => undefined,
): Uploader {
  return async (file, purpose) => {
    const form = new FormData();
    form.append('image', file, file.name);
    form.append('purpose', purpose);
    const token = getToken();
    const response = await fetchImpl('/api/uploads', {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = (await response.json().catch(() => ({}))) as Partial<UploadResult> & { errors?: { msg?: string; path?: string }[]; code?: string };
    if (!response.ok || typeof body.url !== 'string') {
      const message = body.errors?.[0]?.msg ?? `The image could not be uploaded (${response.status})`;
      throw toApiError({ status: response.status, errors: [{ message, extensions: { code: body.code, field: 'image' } }] });
    }
    if (body.warnings?.length) onWarnings(body.warnings);
    return body as UploadResult;
  };
}

/** The record with a newly chosen image uploaded and replaced by its URL; an unchanged image stays a URL. */
export async function withUploadedImage<T extends { image?: ImageValue }>(data: T, purpose: UploadPurpose, upload: Uploader): Promise<T> {
  const image = data.image;
  if (!image || typeof image === 'string') return data;
  if (image.rawFile instanceof File) {
    const { url } = await upload(image.rawFile, purpose);
    return { ...data, image: url };
  }
  return { ...data, image: image.src ?? null };
}

/** `beforeSave` callbacks for every resource that has an image. */
export const imageUploadCallbacks = (resources: { name: string; upload?: UploadPurpose }[], upload: Uploader): ResourceCallbacks[] =>
  resources.flatMap(({ name, upload: purpose }) =>
    purpose ? [{ resource: name, beforeSave: (data: Record<string, unknown>, _provider: DataProvider) => withUploadedImage(data, purpose, upload) }] : [],
  );
