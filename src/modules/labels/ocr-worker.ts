/**
 * Task of the OCR pool, run in a child process of its own (ocr-pool.ts): prepares a photo with sharp
 * (EXIF orientation, an extra rotation, long side brought to 640–1280 px) and reads its text with
 * PaddleOCR PP-OCRv4 ({@link OcrEngine}). The engine is loaded once per process, on its first task.
 *
 * Orientation, with one detection pass and one recognition per box: the detector finds text boxes
 * whichever way the photo is turned, and the library's crops are already upright for horizontal text
 * and for text running top to bottom (tall boxes are turned 90° counter-clockwise). What is left is a
 * half turn, which PaddleOCR's direction classifier decides ({@link OcrEngine.classify}, as PaddleOCR
 * does with `use_angle_cls`): a box it calls "180" with at least {@link FLIP_THRESHOLD} is turned,
 * one it calls "0" as surely is read as it is. The classifier hesitates on many label words (script,
 * decorated or faint letters), and left as they are (PaddleOCR's default) such boxes cost the dev
 * photos turned 180/270° a wine each; they take instead the half turn under which the sure boxes of
 * their direction read more confident characters (a label's text mostly shares one orientation).
 * This replaces reading the largest boxes both ways up. When the reading is not convincing, the
 * service still reads a turned photo once more turned upright (labels.service.ts): the detector
 * splits script words on sideways photos. Time per photo: bench/results/photo.md.
 */
import sharp from "sharp";
import { CLASSIFY_BATCH, FLIP_THRESHOLD, OcrEngine, type Reading, type TextBox } from "./ocr-engine.ts";

/** One photo to read; `rotate` turns it clockwise by that many degrees before reading. */
export interface OcrTask {
  image: Uint8Array;
  rotate: Turn;
}

/**
 * What a photo shows: its lines of text, each box read the way up it was found to be, the lines of
 * the boxes sharing the turn with the most confident characters (most of the label) first; and that
 * turn: the clockwise turn (of the photo as sent, after `rotate`) that brings most of its text
 * upright (0 when it already is).
 */
export interface OcrReading {
  lines: OcrLine[];
  upright: Turn;
}

/** A line of text as read: the text, the recognizer's mean confidence (0..1), the line's height in px. */
export interface OcrLine {
  text: string;
  confidence: number;
  height: number;
}

/** A clockwise turn, in degrees. */
export type Turn = 0 | 90 | 180 | 270;

/**
 * Photos are brought to a long side in this range: detection is slow and memory-hungry on large
 * images (ONNX Runtime's arena grows with the input) and weak on tiny ones. `npm run bench:photo`
 * measures the peak RSS and the top-1 of the dev photos and of their half-resolution copies
 * (bench/results/photo.md).
 */
const MIN_SIDE = 640;
const MAX_SIDE = 1280;
/** Readings below this mean confidence are dropped (the library's cut-off). */
const MIN_CONFIDENCE = 0.5;

let engine: Promise<OcrEngine> | null = null;

// No photo is processed twice: libvips' cache of recent operations (up to 50 MB) would only hold memory.
sharp.cache(false);

/** A box's width and height along its own sides, in px (as the library measures its crop). */
function sides(box: [number, number][]): { width: number; height: number } {
  const [p0 = [0, 0], p1 = [0, 0], p2 = [0, 0], p3 = [0, 0]] = box;
  const d = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  return {
    width: Math.trunc(Math.max(d(p0, p1), d(p2, p3))),
    height: Math.trunc(Math.max(d(p0, p3), d(p1, p2))),
  };
}

/** A box as read, with the turn that brings it upright and where it sits once the photo is turned so. */
interface ReadBox extends Reading {
  /** The clockwise turn of the photo that brings this box's text upright. */
  turn: Turn;
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

/** Whether the library turned `box`'s crop 90° counter-clockwise (its sides at least 1:1.5, as it checks). */
function tall(box: TextBox): boolean {
  const s = sides(box.box);
  return s.height / s.width >= 1.5;
}

/**
 * For each box, the direction classifier's probability (0..1) that its crop is upside down, in runs
 * of {@link CLASSIFY_BATCH} crops.
 */
async function classifyAll(ocr: OcrEngine, boxes: TextBox[]): Promise<number[]> {
  const probabilities: number[] = [];
  for (let i = 0; i < boxes.length; i += CLASSIFY_BATCH) {
    probabilities.push(...(await ocr.classify(boxes.slice(i, i + CLASSIFY_BATCH).map((b) => b.crop))));
  }
  return probabilities;
}

/**
 * Reads one box, turned upside down if asked, with the clockwise turn that brings it upright (270
 * for the tall boxes the library turned counter-clockwise, plus 180 when flipped) and where it sits
 * once the photo is turned that way.
 */
async function readBox(
  ocr: OcrEngine,
  box: TextBox,
  flip: boolean,
  size: { width: number; height: number },
): Promise<ReadBox> {
  const reading = await ocr.recognize(box.crop, flip);
  const turn = (((tall(box) ? 270 : 0) + (flip ? 180 : 0)) % 360) as Turn;
  const points = box.box.map((p) => turnPoint(p, turn, size.width, size.height));
  const ys = points.map((p) => p[1]);
  return {
    ...reading,
    turn,
    top: Math.min(...ys),
    bottom: Math.max(...ys),
    left: Math.min(...points.map((p) => p[0])),
  };
}

/** Confident characters of a reading: the weight of evidence that it is the right way up. */
const evidence = (r: Reading) => (r.confidence >= MIN_CONFIDENCE ? r.confidence * r.text.length : 0);

/**
 * Reads every box once. The boxes the classifier is sure about (one of its labels at
 * {@link FLIP_THRESHOLD} or more) are read its way first; the others (often a decorated or faint
 * word, where the classifier hesitates) are read the way the sure boxes of the same direction
 * (horizontal, or tall) read with more confident characters — a label's text mostly shares one
 * orientation — or the other direction's way when those have none, or as they are.
 */
async function readAll(
  ocr: OcrEngine,
  boxes: TextBox[],
  size: { width: number; height: number },
): Promise<ReadBox[]> {
  const probabilities = await classifyAll(ocr, boxes);
  const read: (ReadBox | undefined)[] = [];
  for (const [i, box] of boxes.entries()) {
    const p = probabilities[i] ?? 0;
    if (p < FLIP_THRESHOLD && p > 1 - FLIP_THRESHOLD) continue;
    read[i] = await readBox(ocr, box, p >= FLIP_THRESHOLD, size);
  }
  /** Whether the sure boxes of one direction read better flipped; undefined without evidence. */
  const flipped = (isTall: boolean): boolean | undefined => {
    let [upright, flip] = [0, 0];
    for (const [i, r] of read.entries()) {
      if (!r || tall(boxes[i] as TextBox) !== isTall) continue;
      if (r.turn === 0 || r.turn === 270) upright += evidence(r);
      else flip += evidence(r);
    }
    return upright === flip ? undefined : flip > upright;
  };
  const across = flipped(false);
  const down = flipped(true);
  for (const [i, box] of boxes.entries()) {
    if (read[i]) continue;
    const flip = (tall(box) ? (down ?? across) : (across ?? down)) ?? false;
    read[i] = await readBox(ocr, box, flip, size);
  }
  return read.filter((r) => r !== undefined);
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
  const boxes = await ocr.detect({ data, ...size });
  const read = await readAll(ocr, boxes, size);
  // Boxes of one turn are joined into lines in the photo turned that way; the turn with the most
  // confident characters first.
  const weight = (turn: Turn) => read.filter((b) => b.turn === turn).reduce((n, b) => n + evidence(b), 0);
  const turns = ([0, 90, 180, 270] as const).map((turn) => ({ turn, weight: weight(turn) }));
  turns.sort((a, b) => b.weight - a.weight);
  const lines = turns.flatMap(({ turn }) => joinLines(read.filter((b) => b.turn === turn)));
  return {
    lines: lines.map((l) => ({
      text: l.text,
      confidence: l.confidence,
      height: Math.round(l.height / scale),
    })),
    upright: turns[0] && turns[0].weight > 0 ? turns[0].turn : 0,
  };
}
