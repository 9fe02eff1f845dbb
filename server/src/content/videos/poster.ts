import { renderSvg, wrapLines, xml } from '../svg-image.js';

const WIDTH = 1280;
const HEIGHT = 720;

/**
 * A branded 16:9 poster for a video message: gradient, play button and title. Served from our origin, it
 * lets pages show video messages without any request to YouTube until the visitor presses play.
 */
export function renderPoster(title: string): Promise<Buffer> {
  const lines = wrapLines(title, 30, 3);
  const top = HEIGHT - 90 - (lines.length - 1) * 64;
  const text = lines
    .map((line, i) => `<text x="80" y="${top + i * 64}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="54" font-weight="bold" fill="#ffffff">${xml(line)}</text>`)
    .join('');
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#2b1055"/><stop offset="0.55" stop-color="#5b2a86"/><stop offset="1" stop-color="#c8963e"/>
      </linearGradient>
      <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
      </linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
    <circle cx="1050" cy="140" r="260" fill="#ffffff" fill-opacity="0.06"/>
    <circle cx="180" cy="620" r="200" fill="#ffffff" fill-opacity="0.05"/>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
    <text x="80" y="110" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" letter-spacing="6" fill="#f3d9a4">VIDEO MESSAGE</text>
    <circle cx="${WIDTH / 2}" cy="${HEIGHT / 2 - 40}" r="78" fill="#ffffff" fill-opacity="0.92"/>
    <path d="M ${WIDTH / 2 - 24} ${HEIGHT / 2 - 84} L ${WIDTH / 2 + 44} ${HEIGHT / 2 - 40} L ${WIDTH / 2 - 24} ${HEIGHT / 2 + 4} Z" fill="#5b2a86"/>
    ${text}
  </svg>`);
}
