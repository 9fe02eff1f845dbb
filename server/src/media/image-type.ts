/** The image formats we accept, recognised by their first bytes (never by name or declared type). */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** AVIF is an ISO-BMFF file whose `ftyp` box names an AVIF brand as major or compatible brand. */
function isAvif(data: Buffer): boolean {
  if (data.length < 16 || ascii(data, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(data.readUInt32BE(0), data.length);
  const brands = [ascii(data, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(data, at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

export function detectImageType(data: Buffer): ImageType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(data)) return 'avif';
  return undefined;
}
