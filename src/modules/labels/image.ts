/**
 * Decoding checks for uploaded label photos, with sharp (libvips): base64 (optionally behind a
 * `data:image/...;base64,` prefix) → bytes → a real decode of the image.
 */
import type { Metadata } from "sharp";
import { AppError } from "../../errors.ts";

let sharpModule: Promise<typeof import("sharp").default> | null = null;

/**
 * sharp, loaded with the first photo rather than at start: libvips and its allocations are resident
 * memory that a service answering no photo never uses (bench/results/load-memory.md §5).
 */
function loadSharp(): Promise<typeof import("sharp").default> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their images (up to 50 MB) for reuse; no photo is processed
    // twice, so that cache only held memory after a burst of photos.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** Largest photo accepted, in pixels (40 megapixels). */
export const MAX_PIXELS = 40_000_000;

const INVALID = "Could not decode image data";

/** Decoded facts about an accepted photo. */
export interface DecodedImage {
  bytes: Buffer;
  format: string;
  width: number;
  height: number;
}

/**
 * Checks that `photo` is base64 of an image sharp can decode, no larger than 40 megapixels.
 * @throws AppError invalid_image (422) for anything else.
 */
export async function decodePhoto(photo: string): Promise<DecodedImage> {
  const match = /^data:([^;,]*)(;base64)?,/.exec(photo);
  if (match && (!match[2] || !match[1]?.startsWith("image/"))) throw new AppError("invalid_image", INVALID);
  const base64 = (match ? photo.slice(match[0].length) : photo).replace(/\s+/g, "");
  if (base64.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64))
    throw new AppError("invalid_image", INVALID);
  const bytes = Buffer.from(base64, "base64");
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("invalid_image", INVALID);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_PIXELS) {
    throw new AppError("invalid_image", `The image has more than ${MAX_PIXELS / 1_000_000} megapixels.`);
  }
  try {
    // A full decode (shrunk on load) catches truncated and corrupt files that still have a valid header.
    await sharp(bytes, { limitInputPixels: MAX_PIXELS }).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch {
    throw new AppError("invalid_image", INVALID);
  }
  return { bytes, format: meta.format ?? "unknown", width, height };
}
