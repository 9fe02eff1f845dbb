import { UNREACHABLE } from '../data/errors';

/** What `POST /api/uploads` answers for an audio file. */
export type UploadedAudio = { url: string; bytes: number; durationSeconds: number | null; mimeType: string };

/**
 * Sends a sermon's recording to `POST /api/uploads` as the multipart field `audio`, with the signed-in person's
 * token. The server checks the file by its content (MP3 or M4A) and answers where it is kept.
 */
export async function uploadAudio(file: File, token: string | undefined, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<UploadedAudio> {
  const form = new FormData();
  form.append('audio', file, file.name);
  let response: Response;
  try {
    response = await fetchImpl('/api/uploads', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error(UNREACHABLE);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<UploadedAudio> & { errors?: { msg?: string }[]; message?: string };
  if (response.ok && typeof body.url === 'string') return body as UploadedAudio;
  if (response.status === 413) throw new Error('The file is too large to upload.');
  throw new Error(body.errors?.[0]?.msg ?? body.message ?? `The recording could not be uploaded (error ${response.status}).`);
}

/** "41 min 12 s", for a recording's length. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds && seconds !== 0) return 'length unknown';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = Math.round(seconds % 60);
  return [hours && `${hours} h`, minutes && `${minutes} min`, `${rest} s`].filter(Boolean).join(' ');
}

/** "24.3 MB", for a file's size. */
export function formatSize(bytes: number | null | undefined): string {
  if (!bytes) return 'size unknown';
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
