import sharp from 'sharp';
import { DAMAGE_IMAGE_MAX_MB } from '@fleetdesk/contract';

/** The upload limit of one damage photo (the form's `image` part). */
export const DAMAGE_IMAGE_MAX_BYTES = DAMAGE_IMAGE_MAX_MB * 1024 * 1024;
/** The stored photo is re-encoded to fit inside this square, the thumbnail is this wide (never enlarged). */
const PHOTO_MAX_EDGE_PX = 4096;
const THUMBNAIL_WIDTH_PX = 320;
/** Refuse decompression bombs long before they reach memory: 100 megapixels is far beyond any phone camera. */
const MAX_INPUT_PIXELS = 100_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The format by the file's magic bytes (JPEG, PNG, WebP, GIF), whatever its name or declared type. */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.toString('latin1', 0, 6))) return 'gif';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface DamagePhoto {
  image: Buffer;
  thumbnail: Buffer;
  contentType: 'image/jpeg';
}

/** The upload is not an image we can read (wrong format, truncated, corrupt, absurdly large in pixels). */
export class InvalidImageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidImageError';
  }
}

/**
 * Checks and re-encodes an uploaded photo (docs/decisions/0018-damage-photos.md): the magic bytes must say
 * JPEG/PNG/WebP/GIF and sharp must decode the whole image without a warning (so a renamed text file or a
 * truncated image is refused). The stored photo is a JPEG, turned upright by its EXIF orientation and then
 * stripped of all metadata (GPS position, camera, owner), transparent areas on white; the thumbnail is a
 * JPEG of THUMBNAIL_WIDTH_PX.
 */
export async function processDamagePhoto(upload: Buffer): Promise<DamagePhoto> {
  const format = sniffImageFormat(upload);
  if (!format) throw new InvalidImageError('unknown magic bytes');
  try {
    const input = sharp(upload, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await input.metadata();
    if (meta.format !== format) throw new InvalidImageError(`content is ${meta.format}, magic bytes say ${format}`);
    const image = await input
      .autoOrient()
      .resize({ width: PHOTO_MAX_EDGE_PX, height: PHOTO_MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
    const thumbnail = await sharp(image).resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    return { image, thumbnail, contentType: 'image/jpeg' };
  } catch (error) {
    if (error instanceof InvalidImageError) throw error;
    throw new InvalidImageError(error instanceof Error ? error.message : String(error));
  }
}
