/**
 * Piscina task run in a worker thread: prepares a photo with sharp (EXIF orientation, an extra
 * rotation, long side brought to 640–1280 px) and reads its text with PaddleOCR PP-OCRv4
 * ({@link OcrEngine}). The engine is loaded once per thread, on its first task.
 *
 * Orientation, with one detection pass: the detector finds text boxes whichever way the photo is
 * turned, and the library's crops are already upright for horizontal text and for text running top
 * to bottom (tall boxes are turned 90° counter-clockwise). What is left is a half turn, decided
 * separately for the horizontal and the vertical boxes (a label can mix both: a name printed
 * sideways above horizontal small print): the {@link PROBES} largest boxes of each kind are read both
 * ways up. The direction with more confident characters is taken upright unless the half turn gives
 * clearly more; the other direction follows its decision unless its own evidence clearly says
 * otherwise. The other boxes are then read once, the way decided (both ways when the larger direction
 * was a close call; the matcher then chooses). One detection and one recognition pass plus a few
 * lines, where reading the photo turned would cost a whole second pass (time per photo:
 * bench/results/photo.md).
 */
import sharp from "sharp";
import { OcrEngine, type Reading, type TextBox } from "./ocr-engine.ts";

/**
 * One photo to read; `rotate` turns it clockwise by that many degrees before reading; `cancel[0]`
 * becomes 1 when the read is abandoned (the task then stops at its next step with an error).
 */
export interface OcrTask {
  image: Uint8Array;
  rotate: 0 | 90 | 180 | 270;
  cancel: Int32Array;
}

/** Throws once the caller has abandoned the read. */
function checkCancelled(cancel: Int32Array): void {
  if (Atomics.load(cancel, 0) !== 0) throw new Error("photo read abandoned");
}

/**
 * What a photo shows: its lines of text, the most likely reading first (a second one when the half
 * turn was a close call), and the clockwise turn (of the photo as sent, after `rotate`) that would
 * bring most of its text upright (0 when it already is).
 */
export interface OcrReading {
  readings: OcrLine[][];
  upright: 0 | 90 | 180 | 270;
}

/** A line of text as read: the text, the recognizer's mean confidence (0..1), the line's height in px. */
export interface OcrLine {
  text: string;
  confidence: number;
  height: number;
}

/**
 * Photos are brought to a long side in this range: detection is slow and memory-hungry on large
 * images (ONNX Runtime's arena grows with the input) and weak on tiny ones. `npm run bench:photo`
 * measures the peak RSS and the top-1 of the dev photos and of their half-resolution copies
 * (bench/results/photo.md).
 */
const MIN_SIDE = 640;
const MAX_SIDE = 1280;
/** Boxes of each direction read both ways to decide their half turn. */
const PROBES = 2;
/**
 * A half turn must show this many times the confident characters of the crops as they are: upright
 * photos are the common case, and a few words read nearly as well upside down ("Mundus" → "snpunW").
 */
const FLIP_MARGIN = 1.5;
/** Readings below this mean confidence are dropped (the library's cut-off). */
const MIN_CONFIDENCE = 0.5;

let engine: Promise<OcrEngine> | null = null;

/** A box's width and height along its own sides, in px (as the library measures its crop). */
function sides(box: [number, number][]): { width: number; height: number } {
  const [p0 = [0, 0], p1 = [0, 0], p2 = [0, 0], p3 = [0, 0]] = box;
  const d = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  return {
    width: Math.trunc(Math.max(d(p0, p1), d(p2, p3))),
    height: Math.trunc(Math.max(d(p0, p3), d(p1, p2))),
  };
}

/** Confident characters of some readings: the weight of evidence that they are the right way up. */
const evidence = (readings: Reading[]) =>
  readings.reduce((n, r) => n + (r.confidence >= MIN_CONFIDENCE ? r.confidence * r.text.length : 0), 0);

/**
 * Reads `boxes`, upside down if asked, one at a time (the model already uses the cores), checking
 * `cancel` before each.
 */
async function readAll(
  ocr: OcrEngine,
  boxes: TextBox[],
  upsideDown: boolean,
  cancel: Int32Array,
): Promise<Reading[]> {
  const readings: Reading[] = [];
  for (const b of boxes) {
    checkCancelled(cancel);
    readings.push(await ocr.recognize(b.crop, upsideDown));
  }
  return readings;
}

/** A box read in the chosen half turn, with where it sits once the photo is turned that way up. */
interface ReadBox extends Reading {
  /** Top, bottom and left of the box in the turned photo, px. */
  top: number;
  bottom: number;
  left: number;
}

/** Point `p` of a `width`×`height` photo once the photo is turned clockwise by `degrees`. */
function turnPoint(
  [x, y]: [number, number],
  degrees: number,
  width: number,
  height: number,
): [number, number] {
  if (degrees === 90) return [height - y, x];
  if (degrees === 180) return [width - x, height - y];
  if (degrees === 270) return [y, width - x];
  return [x, y];
}

/** The boxes of one direction, largest first, with their largest read both ways up. */
interface Direction {
  boxes: TextBox[];
  /** The clockwise turn the library's crops already imply: 270 for vertical boxes (turned counter-clockwise). */
  quarter: 0 | 270;
  upright: Reading[];
  flipped: Reading[];
}

async function probe(
  ocr: OcrEngine,
  boxes: TextBox[],
  quarter: 0 | 270,
  cancel: Int32Array,
): Promise<Direction> {
  const bySize = [...boxes].sort((a, b) => b.crop.width * b.crop.height - a.crop.width * a.crop.height);
  const probes = bySize.slice(0, PROBES);
  return {
    boxes: bySize,
    quarter,
    upright: await readAll(ocr, probes, false, cancel),
    flipped: await readAll(ocr, probes, true, cancel),
  };
}

/**
 * Whether `d` reads upside down. The default is `expected`; the other way must show
 * {@link FLIP_MARGIN} times the confident characters.
 */
function upsideDown(d: Direction, expected: boolean): boolean {
  const [usual, other] = expected ? [d.flipped, d.upright] : [d.upright, d.flipped];
  return evidence(other) > FLIP_MARGIN * evidence(usual) ? !expected : expected;
}

/** Reads the rest of `d`'s boxes with a half turn or not, each with where it sits once turned that way up. */
async function readDirection(
  ocr: OcrEngine,
  d: Direction,
  flip: boolean,
  size: { width: number; height: number },
  cancel: Int32Array,
): Promise<ReadBox[]> {
  const rest = await readAll(ocr, d.boxes.slice(PROBES), flip, cancel);
  const readings = [...(flip ? d.flipped : d.upright), ...rest];
  const degrees = (d.quarter + (flip ? 180 : 0)) % 360;
  return d.boxes.map((b, i) => {
    const points = b.box.map((p) => turnPoint(p, degrees, size.width, size.height));
    const ys = points.map((p) => p[1]);
    const reading = readings[i] ?? { text: "", confidence: 0 };
    return {
      ...reading,
      top: Math.min(...ys),
      bottom: Math.max(...ys),
      left: Math.min(...points.map((p) => p[0])),
    };
  });
}

/**
 * Boxes on one line (midlines closer than half the mean box height) joined left to right, lines top to
 * bottom, as the library groups them; a line's confidence is the mean of its boxes'.
 */
function joinLines(boxes: ReadBox[]): { text: string; confidence: number; height: number; top: number }[] {
  const kept = boxes.filter((b) => b.confidence >= MIN_CONFIDENCE);
  const meanHeight = kept.reduce((s, b) => s + b.bottom - b.top, 0) / Math.max(1, kept.length);
  const lines: ReadBox[][] = [];
  for (const b of kept) {
    const mid = (b.top + b.bottom) / 2;
    const line = lines.find((l) => {
      const first = l[0] as ReadBox;
      return Math.abs((first.top + first.bottom) / 2 - mid) < meanHeight / 2;
    });
    if (line) line.push(b);
    else lines.push([b]);
  }
  return lines
    .map((l) => {
      l.sort((a, b) => a.left - b.left);
      return {
        text: l.map((b) => b.text).join(" "),
        confidence: l.reduce((s, b) => s + b.confidence, 0) / l.length,
        height: Math.max(...l.map((b) => b.bottom - b.top)),
        top: (l[0] as ReadBox).top,
      };
    })
    .sort((a, b) => a.top - b.top);
}

export default async function readPhoto(task: OcrTask): Promise<OcrReading> {
  engine ??= OcrEngine.create();
  const ocr = await engine;
  checkCancelled(task.cancel);
  const oriented = await sharp(task.image)
    .autoOrient()
    .rotate(task.rotate)
    .ensureAlpha(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const long = Math.max(oriented.info.width, oriented.info.height);
  const scale = long > MAX_SIDE ? MAX_SIDE / long : long < MIN_SIDE ? MIN_SIDE / long : 1;
  const width = Math.round(oriented.info.width * scale);
  const height = Math.round(oriented.info.height * scale);
  const data =
    scale === 1
      ? oriented.data
      : await sharp(oriented.data, {
          raw: { width: oriented.info.width, height: oriented.info.height, channels: 4 },
        })
          .resize(width, height)
          .raw()
          .toBuffer();
  const size = { width, height };
  checkCancelled(task.cancel);
  const boxes = await ocr.detect({ data, ...size });
  const vertical = boxes.filter((b) => {
    const s = sides(b.box);
    return s.height / s.width >= 1.5;
  });
  const horizontal = boxes.filter((b) => !vertical.includes(b));
  const across = await probe(ocr, horizontal, 0, task.cancel);
  const down = await probe(ocr, vertical, 270, task.cancel);
  // The direction with more text decides, upright by default; a half turn is the photo's, so the
  // other direction takes the same one by default.
  const strength = (d: Direction) => Math.max(evidence(d.upright), evidence(d.flipped));
  const sideways = strength(down) > strength(across);
  const [main, second] = sideways ? [down, across] : [across, down];
  const mainFlip = upsideDown(main, false);
  // Some words read nearly as well upside down ("Mundus" → "snpunW"): when neither way is clearly
  // better, the other half turn is read too and the matcher chooses.
  const [up, down180] = [evidence(main.upright), evidence(main.flipped)];
  const unsure = up + down180 > 0 && up <= FLIP_MARGIN * down180 && down180 <= FLIP_MARGIN * up;
  const cache = new Map<string, Promise<ReadBox[]>>();
  const read = (d: Direction, flip: boolean) => {
    const key = `${d.quarter}:${flip}`;
    const boxes = cache.get(key) ?? readDirection(ocr, d, flip, size, task.cancel);
    cache.set(key, boxes);
    return boxes;
  };
  const readings: OcrLine[][] = [];
  for (const flip of unsure ? [mainFlip, !mainFlip] : [mainFlip]) {
    const secondFlip = upsideDown(second, flip);
    const [acrossFlip, downFlip] = sideways ? [secondFlip, flip] : [flip, secondFlip];
    const lines = [...joinLines(await read(across, acrossFlip)), ...joinLines(await read(down, downFlip))];
    readings.push(
      lines.map((l) => ({ text: l.text, confidence: l.confidence, height: Math.round(l.height / scale) })),
    );
  }
  return { readings, upright: sideways ? (mainFlip ? 90 : 270) : mainFlip ? 180 : 0 };
}
