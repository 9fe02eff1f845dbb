import sharp from 'sharp';
import { renderSvg, wrapLines, xml } from '../content/index.js';

const SIZE = 1400;

/**
 * The show's artwork until staff upload their own: Apple requires one, square, 1400 to 3000 pixels, JPEG or PNG
 * in RGB. Drawn in the posters' colours with the podcast's title.
 */
export async function renderArtwork(title: string): Promise<Buffer> {
  const lines = wrapLines(title, 16, 4);
  const top = SIZE / 2 - ((lines.length - 1) * 120) / 2 + 60;
  const text = lines
    .map(
      (line, i) =>
        `<text x="700" y="${top + i * 120}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">${xml(line)}</text>`,
    )
    .join('');
  const png = await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#2b1055"/><stop offset="0.55" stop-color="#5b2a86"/><stop offset="1" stop-color="#c8963e"/>
      </linearGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
    <circle cx="1150" cy="250" r="380" fill="#ffffff" fill-opacity="0.06"/>
    <text x="700" y="300" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="48" letter-spacing="10" fill="#f3d9a4">SERMONS</text>
    ${text}
  </svg>`);
  return sharp(png).flatten({ background: '#2b1055' }).jpeg({ quality: 85 }).toBuffer();
}
