import { AppError } from '../../common/app-error.js';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const PATH_PREFIXES = ['/embed/', '/shorts/', '/live/', '/v/'];

function idFromUrl(url: URL): string | undefined {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0];
  if (!HOSTS.has(url.hostname)) return undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  const prefix = PATH_PREFIXES.find((p) => url.pathname.startsWith(p));
  return prefix ? url.pathname.slice(prefix.length).split('/')[0] : undefined;
}

/** The YouTube video id from an id or any usual YouTube link; anything else is refused, naming `video`. */
export function youtubeId(input: string): string {
  const value = input.trim();
  if (VIDEO_ID.test(value)) return value;
  let url: URL | undefined;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    url = undefined;
  }
  const id = url && (url.protocol === 'https:' || url.protocol === 'http:') ? idFromUrl(url) : undefined;
  if (!id || !VIDEO_ID.test(id)) throw AppError.badInput('video', 'video must be a YouTube link or an 11-character YouTube video id');
  return id;
}
