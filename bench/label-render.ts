/**
 * Wine labels drawn as photos, for measuring label recognition on images read by the real OCR
 * (bench/rendered-ocr.ts) rather than on text alone: what a label of a catalogue wine shows, laid out
 * as labels are, then photographed badly.
 *
 * The label (SVG, drawn by librsvg through sharp): the producer (its estate title — Château,
 * Domaine, Weingut … — often on its own small line above the name), the wine's name, the appellation
 * with its country's designation phrase ("Appellation Margaux Contrôlée", "Denominazione di Origine
 * Controllata", "Denominación de Origen"), a listed vintage, sometimes the grape varieties, the colour
 * in the country's words, a traditional or house mention ("Vieilles Vignes", "Reserva", "Depuis 1902"),
 * and small print (volume, alcohol, bottler, web address, lot, sulphites, country of origin);
 * fonts from Debian's font packages (serif, sans, condensed, geometric, script — URW base 35,
 * EB Garamond, Linux Libertine, Liberation, Cantarell, DejaVu, FreeFont), capitals (a third of the
 * labels throughout, as the dev photos' readings are) with or without their accents, letter spacing, frames, rules and an emblem of initials; light, cream, kraft and
 * dark (gold on black, cream on burgundy) papers.
 *
 * The photo: the label bent on a bottle (a cylinder seen from the front, its edges compressed and
 * shaded), lines arched when the bottle is seen from above or below, tilted, sometimes on its side
 * or upside down, glare, a part of the label out of frame, low resolution, blur, sensor grain and
 * JPEG compression. Every choice comes from the seeded `rnd`, so a seed gives the same photo.
 */
import sharp from "sharp";
import { fold } from "../src/domain/text-folding.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";

/** Font families by kind, as fontconfig names them (Debian: fonts-urw-base35, fonts-ebgaramond, fonts-linuxlibertine, fonts-liberation2, fonts-cantarell, fonts-dejavu, fonts-freefont-ttf). */
export const FONTS = {
  serif: [
    "Nimbus Roman",
    "C059",
    "P052",
    "URW Bookman",
    "EB Garamond",
    "Linux Libertine O",
    "DejaVu Serif",
    "FreeSerif",
    "Liberation Serif",
  ],
  sans: [
    "Nimbus Sans",
    "Nimbus Sans Narrow",
    "URW Gothic",
    "Liberation Sans",
    "Liberation Sans Narrow",
    "Cantarell",
    "DejaVu Sans",
    "Linux Biolinum O",
    "FreeSans",
  ],
  script: ["Z003"],
} as const;

/** Estate titles that labels often set apart, above the name. */
const TITLE =
  /^(Château|Chateau|Domaine|Bodega|Bodegas|Weingut|Tenuta|Cantina|Quinta|Casa|Maison|Viña|Clos|Cave|Cantine|Herdade|Fattoria|Podere|Castello|Schloss)\s+(.+)$/;

/** A country's designation phrase around an appellation's name (EU Regulation 1308/2013 Art. 93 terms as each country prints them). */
const DESIGNATION: Readonly<Record<string, readonly ((r: string) => string[])[]>> = {
  FR: [(r) => [`Appellation ${r} Contrôlée`], (r) => [r, "Appellation d'Origine Protégée"], (r) => [r]],
  IT: [
    (r) => [r, "Denominazione di Origine Controllata"],
    (r) => [`${r} DOCG`],
    (r) => [r, "Indicazione Geografica Tipica"],
  ],
  ES: [(r) => [`Denominación de Origen ${r}`], (r) => [r, "Denominación de Origen Calificada"], (r) => [r]],
  PT: [(r) => [r, "Denominação de Origem Controlada"], (r) => [`${r} DOC`], (r) => [r]],
  DE: [(r) => [r, "Qualitätswein"], (r) => [`${r} Prädikatswein`], (r) => [r]],
  AT: [(r) => [r, "Qualitätswein"], (r) => [r]],
};

/** The colour as a country's labels print it. */
const COLOUR_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  FR: { red: "Vin Rouge", white: "Vin Blanc", rose: "Rosé" },
  IT: { red: "Vino Rosso", white: "Vino Bianco", rose: "Rosato" },
  ES: { red: "Vino Tinto", white: "Vino Blanco", rose: "Rosado" },
  PT: { red: "Vinho Tinto", white: "Vinho Branco", rose: "Rosé" },
  DE: { red: "Rotwein", white: "Weißwein", rose: "Roséwein" },
};
const COLOUR_EN: Readonly<Record<string, string>> = { red: "Red Wine", white: "White Wine", rose: "Rosé" };

/** Country of origin as labels print it (in the country's language, else English). */
const ORIGIN: Readonly<Record<string, string>> = {
  FR: "Produit de France",
  IT: "Prodotto in Italia",
  ES: "Producto de España",
  PT: "Produto de Portugal",
  DE: "Erzeugnis aus Deutschland",
  AT: "Österreich",
  AR: "Industria Argentina",
  CL: "Product of Chile",
  AU: "Product of Australia",
  US: "Product of USA",
  ZA: "Wine of South Africa",
  NZ: "Product of New Zealand",
  BR: "Produto do Brasil",
};
const BOTTLER = [
  "Mis en bouteille au château",
  "Mis en bouteille à la propriété",
  "Imbottigliato all'origine",
  "Embotellado en origen",
  "Estate bottled",
  "Gutsabfüllung",
  "Engarrafado na origem",
];

/** Traditional and quality mentions and house lines printed beside the names. */
const MENTIONS = [
  "Grand Vin",
  "Réserve",
  "Reserva",
  "Gran Reserva",
  "Riserva",
  "Vieilles Vignes",
  "Cuvée Prestige",
  "Single Estate",
  "Family owned since 1897",
  "Fondé en 1885",
  "Depuis 1902",
  "Seit 1878",
  "Old Vines",
  "Barrel Aged",
];

/** A paper and its ink colours (background, main ink, second ink). */
const PAPERS: readonly [string, string, string][] = [
  ["#fbfaf6", "#1b1b1b", "#7a1f2b"],
  ["#f3ead7", "#2a2118", "#8a6d3b"],
  ["#efe6cf", "#3b2a1a", "#1f3b5a"],
  ["#c9b18a", "#2b1d10", "#3d2a14"],
  ["#1c1c1c", "#c8a951", "#e8e0cc"],
  ["#5b1a24", "#f1e6cf", "#d4b46a"],
  ["#ffffff", "#111111", "#444444"],
  ["#e9eef0", "#1d2b3a", "#7a1f2b"],
];

const pick = <T>(items: readonly T[], rnd: () => number): T => items[Math.floor(rnd() * items.length)] as T;
const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** `s` in capitals, without its accents when `strip`. */
const upper = (s: string, strip: boolean) =>
  (strip ? s.normalize("NFD").replace(/\p{M}/gu, "") : s).toUpperCase();
/** Capitals; half the time without their accents, as many labels set them. */
const capitals = (s: string, rnd: () => number) => upper(s, rnd() >= 0.5);

/** One line of a label. */
interface Line {
  text: string;
  /** Font size, in px of the label's 600-px width. */
  size: number;
  font: string;
  fill: string;
  spacing: number;
  weight: "normal" | "bold";
  italic: boolean;
}

/** The lines a label of `d` shows, top to bottom, with their type. */
function linesOf(
  d: LabelDocument,
  rnd: () => number,
  ink: string,
  ink2: string,
): { lines: Line[]; display: string } {
  const display =
    rnd() < 0.5 ? pick(FONTS.serif, rnd) : rnd() < 0.6 ? pick(FONTS.sans, rnd) : pick(FONTS.script, rnd);
  const body = rnd() < 0.6 ? pick(FONTS.serif, rnd) : pick(FONTS.sans, rnd);
  const script = display === "Z003";
  // A third of labels are set in capitals throughout (the dev photos' readings: 38 % in capitals).
  const allCaps = !script && rnd() < 0.35;
  const stripAccents = rnd() < 0.5;
  const line = (text: string, size: number, o: Partial<Line> = {}): Line => ({
    text: allCaps ? upper(text, stripAccents) : text,
    size,
    font: body,
    fill: ink,
    spacing: 0,
    weight: "normal",
    italic: false,
    ...o,
  });
  const out: Line[] = [];
  const upperProducer = !script && rnd() < 0.45;
  const producer = d.producerName ?? d.producer;
  const titled = TITLE.exec(producer);
  const big = 44 + Math.floor(rnd() * 26);
  const spacing = upperProducer && rnd() < 0.5 ? Math.round(big * 0.12) : 0;
  const name = (s: string) => (upperProducer ? capitals(s, rnd) : s);
  if (titled && rnd() < 0.45) {
    out.push(line(capitals(titled[1] ?? "", rnd), Math.round(big * 0.42), { spacing: 6, fill: ink2 }));
    out.push(line(name(titled[2] ?? ""), big, { font: display, spacing }));
  } else
    out.push(line(name(producer), big, { font: display, spacing, weight: rnd() < 0.3 ? "bold" : "normal" }));
  if (d.wine && d.wine !== producer && !producer.endsWith(d.wine)) {
    const upper = rnd() < 0.3;
    out.push(
      line(upper ? capitals(d.wine, rnd) : d.wine, Math.round(big * (0.45 + rnd() * 0.25)), {
        italic: rnd() < 0.3,
        fill: rnd() < 0.5 ? ink2 : ink,
      }),
    );
  }
  const listed = d.vintages ?? [];
  const vintage = listed.length > 0 && rnd() < 0.75 ? String(pick(listed, rnd)) : null;
  if (vintage && rnd() < 0.5)
    out.push(line(vintage, Math.round(big * 0.55), { font: display === "Z003" ? body : display }));
  const region =
    d.regionNames && d.regionNames.length > 0 && rnd() < 0.5 ? pick(d.regionNames, rnd) : d.region;
  if (region && rnd() < 0.9) {
    const phrase = pick(DESIGNATION[d.country ?? ""] ?? [(r: string) => [r]], rnd)(region);
    const upper = rnd() < 0.5;
    for (const [i, p] of phrase.entries())
      out.push(
        line(
          upper ? capitals(p, rnd) : p,
          i === 0 ? 20 + Math.floor(rnd() * 8) : 14 + Math.floor(rnd() * 4),
          { spacing: upper ? 2 : 0 },
        ),
      );
  }
  if (d.grapes.length > 0 && rnd() < 0.3)
    out.push(line(d.grapes.slice(0, 3).join(" · "), 16 + Math.floor(rnd() * 6), { italic: rnd() < 0.5 }));
  if (d.color && rnd() < 0.35) {
    const words = COLOUR_WORDS[d.country ?? ""] ?? COLOUR_EN;
    const w = words[d.color] ?? COLOUR_EN[d.color];
    if (w) out.push(line(rnd() < 0.5 ? capitals(w, rnd) : w, 16 + Math.floor(rnd() * 6), { spacing: 2 }));
  }
  if (vintage && !out.some((l) => l.text === vintage)) out.push(line(vintage, 22 + Math.floor(rnd() * 10)));
  if (rnd() < 0.4)
    out.push(line(pick(MENTIONS, rnd), 16 + Math.floor(rnd() * 8), { italic: rnd() < 0.4, fill: ink2 }));
  const small: string[] = [];
  if (rnd() < 0.5) small.push(pick(BOTTLER, rnd));
  if (rnd() < 0.25)
    small.push(`www.${fold(producer).replace(/ /g, "")}.${pick(["com", "fr", "it", "es", "pt", "de"], rnd)}`);
  if (rnd() < 0.25) small.push(`L${Math.floor(rnd() * 90000 + 10000)}   e`);
  if (rnd() < 0.6) small.push(`${(11.5 + Math.floor(rnd() * 7) * 0.5).toFixed(1)}% vol   750 ml`);
  if (rnd() < 0.3) small.push("Contains sulfites");
  const origin = ORIGIN[d.country ?? ""];
  if (origin && rnd() < 0.7) small.push(origin);
  for (const s of small) out.push(line(rnd() < 0.4 ? s.toUpperCase() : s, 11 + Math.floor(rnd() * 4)));
  return { lines: out, display };
}

/** The label as SVG, 600 px wide. */
function labelSvg(
  d: LabelDocument,
  rnd: () => number,
): { svg: string; width: number; height: number; font: string } {
  const [paper, ink, ink2] = pick(PAPERS, rnd);
  const { lines, display } = linesOf(d, rnd, ink, ink2);
  const width = 600;
  const gap = 1.55;
  const content = lines.reduce((s, l) => s + l.size * gap, 0);
  const height = Math.max(Math.round(width * (0.9 + rnd() * 0.5)), Math.round(content + 120));
  let y = Math.max(70, (height - content) / 2);
  const parts: string[] = [`<rect width="100%" height="100%" fill="${paper}"/>`];
  if (rnd() < 0.5) {
    const m = 14 + Math.floor(rnd() * 12);
    parts.push(
      `<rect x="${m}" y="${m}" width="${width - 2 * m}" height="${height - 2 * m}" fill="none" stroke="${ink2}" stroke-width="${1 + Math.floor(rnd() * 3)}"/>`,
    );
    if (rnd() < 0.5)
      parts.push(
        `<rect x="${m + 6}" y="${m + 6}" width="${width - 2 * m - 12}" height="${height - 2 * m - 12}" fill="none" stroke="${ink2}" stroke-width="1"/>`,
      );
  }
  if (rnd() < 0.35) {
    const initials = (d.producerName ?? d.producer)
      .split(" ")
      .map((w) => w[0] ?? "")
      .join("")
      .slice(0, 3)
      .toUpperCase();
    const cy = Math.max(40, y - 30);
    parts.push(`<circle cx="${width / 2}" cy="${cy}" r="26" fill="none" stroke="${ink2}" stroke-width="2"/>`);
    parts.push(
      `<text x="${width / 2}" y="${cy + 8}" font-family="${pick(FONTS.serif, rnd)}" font-size="20" text-anchor="middle" fill="${ink2}">${escapeXml(initials)}</text>`,
    );
  }
  for (const [i, l] of lines.entries()) {
    y += l.size * (i === 0 ? 1 : gap);
    const length = l.text.length * l.size * 0.58 + l.spacing * l.text.length;
    const fit = length > width - 60 ? ` textLength="${width - 60}" lengthAdjust="spacingAndGlyphs"` : "";
    parts.push(
      `<text x="${width / 2}" y="${Math.round(y)}" font-family="${l.font}" font-size="${l.size}" font-weight="${l.weight}"${l.italic ? ' font-style="italic"' : ""} letter-spacing="${l.spacing}" text-anchor="middle" fill="${l.fill}"${fit}>${escapeXml(l.text)}</text>`,
    );
    if (i === 0 && rnd() < 0.4)
      parts.push(
        `<line x1="${width * 0.3}" x2="${width * 0.7}" y1="${Math.round(y + l.size * 0.35)}" y2="${Math.round(y + l.size * 0.35)}" stroke="${l.fill}" stroke-width="1.5"/>`,
      );
  }
  return {
    svg: `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${parts.join("")}</svg>`,
    width,
    height,
    font: display,
  };
}

/**
 * Remaps an RGB image: output pixel (x, y) takes the source at `source(x, y)` (bilinear; outside →
 * `fill`), its brightness scaled by `shade(x)`.
 */
function remap(
  src: Buffer,
  w: number,
  h: number,
  source: (x: number, y: number) => [number, number],
  shade: (x: number) => number,
  fill: readonly [number, number, number],
): Buffer {
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [sx, sy] = source(x, y);
      const o = (y * w + x) * 3;
      const s = shade(x);
      if (!(sx >= 0 && sy >= 0 && sx < w - 1 && sy < h - 1)) {
        out[o] = fill[0];
        out[o + 1] = fill[1];
        out[o + 2] = fill[2];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const a = src[(y0 * w + x0) * 3 + c] ?? 0;
        const b = src[(y0 * w + x0 + 1) * 3 + c] ?? 0;
        const d = src[((y0 + 1) * w + x0) * 3 + c] ?? 0;
        const e = src[((y0 + 1) * w + x0 + 1) * 3 + c] ?? 0;
        out[o + c] = Math.round(((a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy) * s);
      }
    }
  }
  return out;
}

/** What was done to one photo (for reports). */
export interface Distortions {
  font: string;
  cylinder: boolean;
  arch: number;
  tilt: number;
  turned: 0 | 90 | 180 | 270;
  glare: boolean;
  cut: boolean;
  scale: number;
  blur: number;
  quality: number;
}

/** One rendered photo's reading by the OCR (bench/rendered-ocr.ts; bench/results/rendered-ocr.json). */
export interface RenderedReading {
  wineId: number;
  set: "bundled" | "synthetic";
  /** The first reading, and the reading of the photo turned upright when the OCR found it turned. */
  text: string;
  turnedText: string | null;
  distortions: Distortions;
}

/**
 * A photo (JPEG) of a label of `d`, drawn and distorted as the module's comment says, with what was
 * done to it. Deterministic for a given `rnd` sequence and installed fonts.
 */
export async function renderLabel(
  d: LabelDocument,
  rnd: () => number,
): Promise<{ image: Buffer; distortions: Distortions }> {
  const { svg, width, height, font } = labelSvg(d, rnd);
  let raw: Buffer = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const bottle: [number, number, number] = pick(
    [
      [22, 30, 24],
      [40, 25, 20],
      [70, 70, 60],
      [120, 110, 95],
    ],
    rnd,
  );
  const cylinder = rnd() < 0.5;
  const arch = rnd() < 0.4 ? (rnd() - 0.5) * 0.16 * height : 0;
  if (cylinder || arch !== 0) {
    const cx = width / 2;
    const r = width / (0.9 + rnd() * 1.2);
    raw = remap(
      raw,
      width,
      height,
      (x, y) => {
        const u = (x - cx) / r;
        const sx = cylinder ? (Math.abs(u) >= 1 ? -1 : cx + r * Math.asin(u)) : x;
        return [sx, y - arch * ((x - cx) / cx) ** 2];
      },
      (x) => (cylinder ? 0.55 + 0.45 * Math.sqrt(Math.max(0, 1 - ((x - cx) / r) ** 2)) : 1),
      bottle,
    );
  }
  const margin = Math.round(width * (0.05 + rnd() * 0.2));
  let img = sharp(raw, { raw: { width, height, channels: 3 } }).extend({
    top: margin,
    bottom: margin,
    left: margin,
    right: margin,
    background: { r: bottle[0], g: bottle[1], b: bottle[2] },
  });
  const W = width + 2 * margin;
  const H = height + 2 * margin;
  const glare = rnd() < 0.3;
  if (glare) {
    const gx = Math.round(W * (0.2 + rnd() * 0.6));
    const gy = Math.round(H * (0.15 + rnd() * 0.7));
    const o = (0.5 + rnd() * 0.45).toFixed(2);
    img = sharp(await img.png().toBuffer()).composite([
      {
        input: Buffer.from(
          `<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${o}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx}" cy="${gy}" rx="${Math.round(W * (0.08 + rnd() * 0.15))}" ry="${Math.round(H * (0.1 + rnd() * 0.25))}" fill="url(#g)"/></svg>`,
        ),
        blend: "over",
      },
    ]);
  }
  const grain = Buffer.alloc(W * H);
  for (let p = 0; p < grain.length; p++) grain[p] = 128 + Math.round((rnd() - 0.5) * 90);
  img = sharp(await img.png().toBuffer()).composite([
    { input: grain, raw: { width: W, height: H, channels: 1 }, blend: "soft-light" },
  ]);
  const tilt = (rnd() - 0.5) * 16;
  const r = rnd();
  const turned: Distortions["turned"] = r < 0.04 ? 90 : r < 0.07 ? 180 : r < 0.1 ? 270 : 0;
  img = sharp(await img.png().toBuffer()).rotate(tilt + turned, {
    background: { r: bottle[0], g: bottle[1], b: bottle[2] },
  });
  let buf = await img.png().toBuffer();
  let meta = await sharp(buf).metadata();
  const cut = rnd() < 0.2;
  if (cut && meta.width && meta.height) {
    const share = 0.1 + rnd() * 0.2;
    const keep = Math.round(meta.width * (1 - share));
    buf = await sharp(buf)
      .extract({ left: rnd() < 0.5 ? 0 : meta.width - keep, top: 0, width: keep, height: meta.height })
      .png()
      .toBuffer();
    meta = await sharp(buf).metadata();
  }
  const scale = rnd() < 0.35 ? 0.3 + rnd() * 0.3 : 0.7 + rnd() * 0.6;
  const blur = rnd() < 0.35 ? 0.5 + rnd() * 1.2 : 0;
  const quality = 35 + Math.floor(rnd() * 55);
  let out = sharp(buf).resize({ width: Math.max(160, Math.round((meta.width ?? W) * scale)) });
  if (blur > 0) out = out.blur(blur);
  const image = await out.jpeg({ quality }).toBuffer();
  return {
    image,
    distortions: {
      font,
      cylinder,
      arch: Math.round(arch),
      tilt: Math.round(tilt),
      turned,
      glare,
      cut,
      scale: Number(scale.toFixed(2)),
      blur: Number(blur.toFixed(2)),
      quality,
    },
  };
}
