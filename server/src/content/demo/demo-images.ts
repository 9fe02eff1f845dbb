import { renderSvg, wrapLines, xml } from '../svg-image.js';

/** Colour pairs for the demo pictures' gradients. */
export const PALETTES = [
  ['#2b1055', '#c8963e'],
  ['#0f3057', '#00a8cc'],
  ['#3d1e6d', '#e56b6f'],
  ['#1b4332', '#95d5b2'],
  ['#5f0f40', '#fb8b24'],
  ['#22223b', '#9a8c98'],
] as const;

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export interface DemoPicture {
  width: number;
  height: number;
  title: string;
  kicker?: string;
  palette: readonly [string, string];
}

/**
 * A demo picture made at seed time (no binary files in the repository): a gradient, soft shapes, a small
 * label and a title, so a fresh install shows a living site that is plainly sample content.
 */
export function renderDemoPicture({ width, height, title, kicker, palette }: DemoPicture): Promise<Buffer> {
  const size = Math.round(Math.min(width / 16, height / 6));
  const lines = wrapLines(title, Math.max(12, Math.floor((width * 0.8) / (size * 0.6))), 3);
  const top = height / 2 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
  const text = lines
    .map((line, i) => `<text x="${width / 2}" y="${top + i * size * 1.2}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff">${xml(line)}</text>`)
    .join('');
  const label = kicker
    ? `<text x="${width / 2}" y="${top - size * 1.3}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(size * 0.42)}" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">${xml(kicker.toUpperCase())}</text>`
    : '';
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${Math.max(width, height) * 0.3}" fill="#fff" fill-opacity="0.07"/>
    <circle cx="${width * 0.1}" cy="${height * 0.95}" r="${Math.max(width, height) * 0.25}" fill="#fff" fill-opacity="0.05"/>
    <rect x="${width / 2 - 2}" y="${height * 0.08}" width="4" height="${height * 0.1}" fill="#fff" fill-opacity="0.5"/>
    <rect x="${width / 2 - height * 0.035}" y="${height * 0.11}" width="${height * 0.07}" height="4" fill="#fff" fill-opacity="0.5"/>
    ${label}${text}
  </svg>`);
}
