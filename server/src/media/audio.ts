import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { AppError } from '../common/app-error.js';

/** Audio is kept as sent, so its cap is the length of a long service at a podcast's usual bit rate. */
export const MAX_AUDIO_BYTES = 300 * 1024 * 1024;

/** What file-type answers, and the type and extension the file is served with. */
const AUDIO_TYPES: Record<string, { mimeType: string; extension: string }> = {
  'audio/mpeg': { mimeType: 'audio/mpeg', extension: 'mp3' },
  'audio/mp4': { mimeType: 'audio/mp4', extension: 'm4a' },
  'audio/x-m4a': { mimeType: 'audio/mp4', extension: 'm4a' },
};

export interface AudioFacts {
  mimeType: string;
  extension: string;
  durationSeconds: number;
}

/** Recognises an MP3 or M4A by its content (never its name) and reads its length. */
export async function readAudio(path: string): Promise<AudioFacts> {
  const type = AUDIO_TYPES[(await fileTypeFromFile(path))?.mime ?? ''];
  if (!type) throw AppError.badInput('audio', 'audio must be an MP3 or M4A file');
  let duration: number | undefined;
  try {
    duration = (await parseFile(path, { duration: true, skipCovers: true })).format.duration;
  } catch {
    duration = undefined;
  }
  const durationSeconds = Math.round(duration ?? 0);
  if (!durationSeconds) throw AppError.badInput('audio', 'audio has no length that could be read');
  return { ...type, durationSeconds };
}
