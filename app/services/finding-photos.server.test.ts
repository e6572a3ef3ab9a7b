import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, processPhoto, sniffPhotoType } from "./finding-photos.server";

/**
 * A PNG that claims `width` × `height` in its header (IHDR) with a few bytes of pixel data: what a
 * decompression bomb looks like to anything that reads its header.
 */
function pngClaiming(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Whether EXIF data points to a GPS IFD (tag 0x8825, GPSInfo, in either byte order). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  return Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))));
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#c33" } });

describe("the findings' photo pipeline", () => {
  it("refuses a PDF renamed .jpg by its bytes", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    expect(sniffPhotoType(pdf)).toBeNull();
    expect(await processPhoto(pdf)).toEqual({ ok: false, code: "photoType" });
  });

  it("refuses a JPEG's first bytes on something else that does not decode", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("kein Bild")]);
    expect((await processPhoto(fake)).ok).toBe(false);
  });

  it("refuses more than 15 MB before looking at it", async () => {
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await processPhoto(big)).toEqual({ ok: false, code: "photoTooLarge" });
  });

  it("refuses a decompression bomb by its header, without decoding it", async () => {
    // 20,000 × 20,000 = 400 megapixels claimed in 74 bytes: decoding would need 1.2 GB.
    const bomb = pngClaiming(20_000, 20_000);
    expect(sniffPhotoType(bomb)).toBe("image/png");
    const started = performance.now();
    expect(await processPhoto(bomb)).toEqual({ ok: false, code: "photoTooManyPixels" });
    expect(performance.now() - started).toBeLessThan(1000);
    // Just over the limit (50 megapixels and one row), as a real, highly compressed image.
    const real = await solid(10_000, 5_001).png({ compressionLevel: 9 }).toBuffer();
    expect(real.byteLength).toBeLessThan(1024 * 1024);
    expect(await processPhoto(real)).toEqual({ ok: false, code: "photoTooManyPixels" });
  });

  it("re-encodes to at most 1600 px as JPEG, upright by its EXIF orientation, without metadata (GPS gone)", async () => {
    const original = await solid(2400, 1200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "Telefon", Model: "Kamera 1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 12/1 30/1", GPSLongitudeRef: "E", GPSLongitude: "16/1 22/1 10/1" },
      })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsIfd(before.exif)).toBe(true);

    const result = await processPhoto(original);
    if (!result.ok) throw new Error(result.code);
    // Turned by 90°: the 2400 × 1200 landscape is a 800 × 1600 portrait.
    expect([result.value.width, result.value.height]).toEqual([800, 1600]);
    expect(result.value.contentType).toBe("image/jpeg");
    const after = await sharp(result.value.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect([after.width, after.height]).toEqual([800, 1600]);
    expect(after.exif).toBeUndefined();
    expect(hasGpsIfd(Buffer.from(result.value.bytes))).toBe(false);
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(Buffer.from(result.value.bytes).includes(Buffer.from("Telefon"))).toBe(false);
  });

  it("takes PNG and WebP, and keeps a small photo's size", async () => {
    for (const bytes of [await solid(300, 200).png().toBuffer(), await solid(300, 200).webp().toBuffer()]) {
      const result = await processPhoto(bytes);
      expect(result.ok && [result.value.width, result.value.height]).toEqual([300, 200]);
    }
  });
});
