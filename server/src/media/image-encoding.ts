import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AppError } from '../common/app-error.js';

/** Refuses decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;
const VARIANT_WIDTHS = [480, 960, 1600];
const WEBP = { quality: 80, effort: 4 };

/** Apple's rule for podcast artwork: square, 1400 to 3000 pixels a side. */
const ARTWORK = { min: 1400, max: 3000 };
const ARTWORK_JPEG = { quality: 90, mozjpeg: true };

const logger = new Logger('Media');

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Podcast apps take JPEG or PNG, not WebP: one RGB JPEG at its own size, metadata dropped. */
export async function encodeArtwork(data: Buffer): Promise<EncodedImage> {
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    throw AppError.badInput('image', 'image could not be read as a picture');
  }
  if (width !== height || width < ARTWORK.min || width > ARTWORK.max) {
    throw AppError.badInput('image', `Podcast artwork must be square, ${ARTWORK.min} to ${ARTWORK.max} pixels a side; this one is ${width}×${height}.`);
  }
  try {
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg(ARTWORK_JPEG)
      .toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch (error) {
    logger.warn(`artwork refused: ${error instanceof Error ? error.message : String(error)}`);
    throw AppError.badInput('image', 'image could not be read as a picture');
  }
}

/** WebP variants at `VARIANT_WIDTHS`, never upscaled, aspect ratio kept, metadata such as EXIF/GPS dropped. */
export async function encodeVariants(data: Buffer): Promise<EncodedImage[]> {
  const open = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let width: number;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    if (!width) throw new Error('no width');
  } catch {
    throw AppError.badInput('image', 'image could not be read as a picture');
  }
  const widths = [...new Set([...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1])])];
  try {
    // One width at a time: bounded memory for a large picture on a small server.
    const variants = [];
    for (const w of widths) {
      const { data: out, info } = await open().resize({ width: w, withoutEnlargement: true }).webp(WEBP).toBuffer({ resolveWithObject: true });
      variants.push({ data: out, width: info.width, height: info.height });
    }
    return variants;
  } catch (error) {
    logger.warn(`image refused: ${error instanceof Error ? error.message : String(error)}`);
    throw AppError.badInput('image', 'image could not be read as a picture');
  }
}
