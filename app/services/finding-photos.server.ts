import pLimit from "p-limit";
import sharp, { type Metadata } from "sharp";
import type { PhotoErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";

/**
 * The photo pipeline of the findings (issue 30, decision 040): every upload is checked by its
 * bytes before anything decodes it, and what is stored is a new JPEG of at most 1600 px on the
 * long side, turned upright by its EXIF orientation, without any of the original's metadata
 * (camera, time, GPS). Refusals are codes (app/domain/error-codes.ts `PhotoErrorCode`).
 */

export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 50_000_000;
export const MAX_PHOTO_EDGE = 1600;
const JPEG_QUALITY = 80;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";
export type StoredPhoto = { bytes: Uint8Array; width: number; height: number; contentType: "image/jpeg" };

// libvips keeps decoded images in a cache of up to 50 MB by default: no use for one-off uploads.
sharp.cache(false);

/**
 * Photos are re-encoded one at a time in the process, whichever requests they come from: each
 * decode holds some tens of MB in libvips, and the two cores are no faster with several at once
 * (libvips already spreads one image over its threads). Five uploads at once then wait in line
 * with only their compressed bytes held (issue 30: RSS growth < 200 MB).
 */
const reencoding = pLimit(1);

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

/** What the bytes are by their magic numbers, whatever the file's name or declared type says; null for anything else. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // RIFF, four bytes of length, WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

const SHARP_FORMAT: Record<PhotoType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

/**
 * An upload as it is stored, or why not: `photoTooLarge` over 15 MB, `photoType` not a JPEG, PNG or
 * WebP by its bytes, `photoTooManyPixels` over 50 megapixels by its header (read before any pixel
 * is decoded; libvips' own `limitInputPixels` is the second fence), `photoUnreadable` when it does
 * not decode.
 */
export async function processPhoto(bytes: Uint8Array): Promise<Result<StoredPhoto, PhotoErrorCode>> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) return fail("photoTooLarge");
  const type = sniffPhotoType(bytes);
  if (!type) return fail("photoType");
  return reencoding(() => reencode(bytes, type));
}

async function reencode(bytes: Uint8Array, type: PhotoType): Promise<Result<StoredPhoto, PhotoErrorCode>> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" } as const;
  let header: Metadata;
  try {
    // The header only: libvips reads no pixel for it, so the size is known before anything is decoded.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return fail("photoUnreadable");
  }
  if (header.format !== SHARP_FORMAT[type]) return fail("photoType");
  if (!header.width || !header.height) return fail("photoUnreadable");
  if (header.width * header.height > MAX_PHOTO_PIXELS) return fail("photoTooManyPixels");
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: "inside", withoutEnlargement: true })
      // A transparent PNG or WebP on white, as JPEG has no transparency.
      .flatten({ background: "#ffffff" })
      // sharp writes no metadata of the input unless asked (withMetadata/keepExif): none is asked for.
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return ok({
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      contentType: "image/jpeg",
    });
  } catch {
    return fail("photoUnreadable");
  }
}
