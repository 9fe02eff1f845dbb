import sharp from 'sharp';

/** Escapes text for an SVG text node or attribute. */
export const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Breaks a title into at most `maxLines` lines of about `perLine` characters, ending with … when cut. */
export function wrapLines(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s.,;:!?-]+$/, '')}…`;
  return kept;
}

/** Renders an SVG we wrote ourselves (never a user's) to PNG, for the same pipeline as uploads. */
export const renderSvg = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).png().toBuffer();
