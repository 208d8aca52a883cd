/**
 * Finds the wine a label shows from the words read on it, in two stages.
 *
 * Candidates: each wine is a weighted bag of character trigrams of its producer, wine name, region
 * and grapes (folded like search: accents and case removed), weighted by inverse document frequency,
 * so distinctive spellings count and words on every label ("wine", "reserva") count little. A label
 * scores each wine by the cosine of the two vectors — whole-label evidence, tolerant of OCR slips
 * (0/O, rn/m, a dropped or doubled letter, missing spaces) because most trigrams of a word survive
 * one slip — and the best {@link RESCORED} are kept.
 *
 * Ranking: each candidate's features (label-evidence.ts: producer, wine-name and region words shown
 * and missing, title-insensitive; grapes, vintage, country, colour; its cosine), weighed into evidence
 * by the fitted ranking model (label-ranking.ts). The confidence of each is the model's softmax over
 * the candidates and "another wine" (see {@link LabelMatch}); the label's `score` (best cosine × (1 + word coverage) / 2)
 * says whether it shows a wine of the catalogue at all ({@link MATCH_THRESHOLD}).
 *
 * Named wines: when no wine fits the label that well but the label shows a producer's full name or
 * a region's (appellation's) name as whole words (label-names.ts), that producer's or region's wines
 * are the answer's {@link LabelMatches.named} candidates, ranked by the same evidence, with a
 * confidence spread over them and kept below {@link AMBIGUOUS_BELOW} (issue 36: a label whose
 * producer was read exactly but whose other text was noise, or whose producer OCR garbled but whose
 * appellation is legible, is never left without candidates).
 */
import { fold } from "../../domain/text-folding.ts";
import { EvidenceIndex, FEATURES, type LabelReading } from "./label-evidence.ts";
import { FIELD_TF, type LabelDocument, LabelIndexer, trigrams } from "./label-indexer.ts";
import { NameIndex } from "./label-names.ts";
import { confidences, evidenceOf, RANKING, type RankingModel } from "./label-ranking.ts";
import { labelFacts, yearsOnLabel } from "./label-text.ts";
import { labelWords, letterMask, smoothIdf } from "./label-words.ts";
import { topDocs } from "./top-docs.ts";

/**
 * A wine and how well the label matches it:
 * - `score` 0..1: the trigram cosine weighed by word coverage, (1 + coverage) / 2 — an absolute
 *   measure used to tell a label of a wine we have from one we do not (MATCH_THRESHOLD);
 * - `evidence`: what ranks the candidates, in log-odds units (the ranking model of label-ranking.ts);
 * - `confidence` 0..1: the probability that this is the wine, given the others: a softmax of the
 *   evidence over the candidates and an "another wine" option (label-ranking.ts), so a
 *   candidate whose margin over the next is small gets a low confidence.
 */
export interface LabelMatch {
  id: number;
  score: number;
  evidence: number;
  confidence: number;
}

/**
 * The matches of one label: `score` (0..1) is the best {@link LabelMatch.score} among all the
 * candidates weighed — how surely the label shows a wine of the catalogue at all — and `matches` the
 * best candidates by evidence, best first. `named` is there only when `score` is below
 * {@link MATCH_THRESHOLD} and the label shows a producer's or region's name (see the module comment):
 * `by` what, the `names` found (folded), and that producer's or region's wines best first, each
 * `confidence` below {@link NAMED_CONFIDENCE}.
 */
export interface LabelMatches {
  score: number;
  matches: LabelMatch[];
  named?: { by: "producer" | "region"; names: string[]; matches: LabelMatch[] };
}

/** A candidate wine's features against a label: its id, trigram cosine (0..1), word coverage (0..1) and FEATURES. */
export interface Weighed {
  id: number;
  cosine: number;
  coverage: number;
  features: Float64Array;
}

/** Index of the cosine among the features (label-evidence.ts FEATURES). */
const COSINE = FEATURES.indexOf("cosine");

/** A built {@link LabelMatcher} as plain data: {@link LabelMatcher.snapshot}. */
export interface MatcherSnapshot {
  index: Record<string, unknown>;
  evidence: Record<string, unknown>;
  names: Record<string, unknown>;
}

/**
 * A label whose best {@link LabelMatch.score} is this good is taken to show a wine of the catalogue;
 * below it the label counts as unknown (but see {@link LabelMatches.named}). Calibrated on simulated
 * labels of wines left out of the catalogue (see bench/label-matcher.ts): it keeps every correct
 * answer on the dev photos and rejects about a third of unknown wines.
 */
export const MATCH_THRESHOLD = 0.2;
/** Below this confidence the best candidate is not clearly the wine (two equal namesakes get 0.5 each): the answer says `ambiguous`. */
export const AMBIGUOUS_BELOW = 0.6;
/**
 * The confidence shared by the wines of a name found on a label whose text fits no wine well
 * ({@link LabelMatches.named}): a producer's only wine gets this much, three equally likely wines a
 * third of it each. Below {@link AMBIGUOUS_BELOW}: such an answer is always ambiguous.
 */
export const NAMED_CONFIDENCE = 0.5;
/** Most wines of a name ranked by evidence (those the trigram stage found first, then in catalogue order). */
const MAX_NAMED = 1000;

/** Candidates scored on all the label's trigrams after the first pass over its distinctive ones. */
const RESCORED = 300;

/** Wines indexed between two yields to the event loop in {@link LabelMatcher.build}. */
const BUILD_SLICE = 1000;

/**
 * The trigram vector of a label's text: 1 for every occurrence of a trigram the catalogue has (`ids`),
 * so a word read twice counts twice. A wine's vector instead keeps the largest field weight of a
 * trigram, so a word repeated across its fields ("Louis Latour · Cuvée Latour") is not counted twice
 * ({@link LabelIndexer.add}).
 */
function labelTerms(text: string, ids: ReadonlyMap<string, number>): Map<number, number> {
  const vector = new Map<number, number>();
  for (const t of trigrams(text)) {
    const id = ids.get(t);
    if (id !== undefined) vector.set(id, (vector.get(id) ?? 0) + 1);
  }
  return vector;
}

/**
 * The index is held in typed arrays (an inverted index of trigram → documents with normalized
 * weights), so a large catalogue stays compact, and a label is scored by walking only the
 * posting lists of its own trigrams. Trigrams found in more than 5 % of the wines (at least 1,000)
 * have no posting list (walking it would touch most of a large catalogue, and storing it took most
 * of the index's memory): they are scored for the best candidates from each wine's words (word ids
 * and each word's trigrams; a 300k catalogue has a few thousand distinct words).
 */
export class LabelMatcher {
  private readonly ids: Map<string, number>;
  private readonly idf: Float64Array;
  private readonly df: Int32Array;
  /** Posting lists of the walked trigrams only (document frequency up to {@link maxWalkedDf}). */
  private readonly offsets: Int32Array;
  private readonly postingDocs: Int32Array;
  /** Normalized weights (0..1) scaled to 0..65535. */
  private readonly postingWeights: Uint16Array;
  /** Each wine's vector norm, and its words (to score the trigrams that have no posting list). */
  private readonly norms: Float32Array;
  private readonly wordTrigrams: Int32Array[];
  private readonly wordList: Int32Array;
  private readonly wordStart: Int32Array;
  private readonly docIds: Int32Array;
  private readonly maxWalkedDf: number;
  private readonly scores: Float32Array;
  private readonly evidence: EvidenceIndex;
  private readonly names: NameIndex;

  /** A matcher over `documents`, built in one go, blocking (build times: bench/results/label-matcher.md). */
  static of(documents: readonly LabelDocument[]): LabelMatcher {
    const indexer = new LabelIndexer();
    for (const d of documents) indexer.add(d);
    return new LabelMatcher(indexer);
  }

  /**
   * A matcher over the documents of `pages`, yielding to the event loop every {@link BUILD_SLICE}
   * wines, so that a large catalogue is indexed without stalling other requests for longer than one
   * slice (build times: bench/results/label-matcher.md).
   */
  static async build(pages: AsyncIterable<readonly LabelDocument[]>): Promise<LabelMatcher> {
    const indexer = new LabelIndexer();
    for await (const page of pages) {
      for (let i = 0; i < page.length; i += BUILD_SLICE) {
        for (const d of page.slice(i, i + BUILD_SLICE)) indexer.add(d);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return new LabelMatcher(indexer);
  }

  /**
   * The built index as plain data (typed arrays, maps, arrays; its size: bench/results/label-matcher.md) for `node:v8`
   * serialize, so a stopped matcher can be brought back in a fraction of a build: {@link restore}.
   */
  snapshot(): MatcherSnapshot {
    const { scores: _scores, evidence, names, ...index } = this;
    return { index, evidence: evidence.snapshot(), names: names.snapshot() };
  }

  /** The matcher of a {@link snapshot} taken by this same code (in this process). */
  static restore({ index, evidence, names }: MatcherSnapshot): LabelMatcher {
    const docIds = index.docIds as Int32Array;
    const fields = {
      ...index,
      evidence: EvidenceIndex.restore(evidence),
      names: NameIndex.restore(names),
      scores: new Float32Array(docIds.length),
    };
    return Object.assign(Object.create(LabelMatcher.prototype) as LabelMatcher, fields);
  }

  private constructor(indexer: LabelIndexer) {
    const { list, docStart, documentIds } = indexer;
    const n = documentIds.length;
    this.ids = indexer.ids;
    this.evidence = indexer.evidence;
    this.evidence.seal();
    this.names = indexer.names;
    this.names.seal();
    const terms = this.ids.size;
    this.df = new Int32Array(terms);
    for (let i = 0; i < list.length; i++) {
      const term = list.terms[i] ?? 0;
      this.df[term] = (this.df[term] ?? 0) + 1;
    }
    this.idf = new Float64Array(terms);
    for (let t = 0; t < terms; t++) this.idf[t] = smoothIdf(n, this.df[t] ?? 0);
    this.maxWalkedDf = Math.max(1000, Math.floor(n * 0.05));
    const walked = (t: number) => (this.df[t] ?? 0) <= this.maxWalkedDf;
    this.offsets = new Int32Array(terms + 1);
    for (let t = 0; t < terms; t++)
      this.offsets[t + 1] = (this.offsets[t] ?? 0) + (walked(t) ? (this.df[t] ?? 0) : 0);
    this.postingDocs = new Int32Array(this.offsets[terms] ?? 0);
    this.postingWeights = new Uint16Array(this.offsets[terms] ?? 0);
    this.norms = new Float32Array(n);
    const fill = this.offsets.slice(0, terms);
    for (let doc = 0; doc < n; doc++) {
      const from = docStart[doc] ?? 0;
      const to = docStart[doc + 1] ?? 0;
      let norm = 0;
      for (let i = from; i < to; i++)
        norm += ((list.weights[i] ?? 0) * (this.idf[list.terms[i] ?? 0] ?? 0)) ** 2;
      norm = Math.sqrt(norm) || 1;
      this.norms[doc] = norm;
      for (let i = from; i < to; i++) {
        const term = list.terms[i] ?? 0;
        if (!walked(term)) continue;
        const at = fill[term] ?? 0;
        this.postingDocs[at] = doc;
        // At least 1: a wine in a posting list has a score above 0 (see `touched` in match).
        const weight = ((list.weights[i] ?? 0) * (this.idf[term] ?? 0)) / norm;
        this.postingWeights[at] = Math.max(1, Math.round(weight * 65535));
        fill[term] = at + 1;
      }
    }
    this.wordTrigrams = indexer.wordTrigrams;
    this.wordList = Int32Array.from(indexer.wordList);
    this.wordStart = Int32Array.from(indexer.wordStart);
    this.docIds = Int32Array.from(documentIds);
    this.scores = new Float32Array(n);
  }

  /**
   * The cosine part of `doc` from trigrams without a posting list (`frequent`: trigram → query
   * weight), rebuilt from the wine's words: its weight of a trigram is the largest field weight
   * among the words that hold it, times its idf, over the wine's norm — as in the posting lists.
   */
  private frequentPart(doc: number, frequent: ReadonlyMap<number, number>): number {
    if (frequent.size === 0) return 0;
    const tf = new Map<number, number>();
    for (let i = this.wordStart[doc] ?? 0; i < (this.wordStart[doc + 1] ?? 0); i++) {
      const entry = this.wordList[i] ?? 0;
      const weight = FIELD_TF[entry & 3] ?? 0;
      for (const t of this.wordTrigrams[entry >> 2] ?? []) {
        if (frequent.has(t) && (tf.get(t) ?? 0) < weight) tf.set(t, weight);
      }
    }
    let sum = 0;
    for (const [t, w] of tf) sum += (frequent.get(t) ?? 0) * w * (this.idf[t] ?? 0);
    return sum / (this.norms[doc] ?? 1);
  }

  /**
   * The wines the label's trigrams point to, with their cosine (0..1): candidates come from the
   * label's distinctive trigrams; the best {@link RESCORED} of them are then scored on all its
   * trigrams (frequent ones rebuilt from the wine's words), so the cosine is the full one without
   * walking posting lists that hold much of the catalogue. Empty when nothing is shared.
   */
  private candidates(text: string, limit: number): { doc: number; score: number }[] {
    const query = labelTerms(text, this.ids);
    let norm = 0;
    for (const [id, tf] of query) norm += (tf * (this.idf[id] ?? 0)) ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) return [];
    const touched: number[] = [];
    const frequent = new Map<number, number>();
    for (const [id, tf] of query) {
      const q = (tf * (this.idf[id] ?? 0)) / norm;
      if ((this.df[id] ?? 0) > this.maxWalkedDf) {
        frequent.set(id, q);
        continue;
      }
      const end = this.offsets[id + 1] ?? 0;
      for (let i = this.offsets[id] ?? 0; i < end; i++) {
        const doc = this.postingDocs[i] ?? 0;
        if (this.scores[doc] === 0) touched.push(doc);
        this.scores[doc] = (this.scores[doc] ?? 0) + (q * (this.postingWeights[i] ?? 0)) / 65535;
      }
    }
    const candidates = topDocs(touched, this.scores, Math.max(RESCORED, limit)).map((doc) => ({
      doc,
      score: this.scores[doc] ?? 0,
    }));
    for (const doc of touched) this.scores[doc] = 0;
    for (const c of candidates) c.score += this.frequentPart(c.doc, frequent);
    return candidates;
  }

  /** The label's words and facts, read once per match (label-evidence.ts LabelReading). */
  private reading(text: string): LabelReading {
    const words = labelWords(text);
    return {
      ...words,
      masks: new Map([...words.words].map((w) => [w, letterMask(w)])),
      years: yearsOnLabel(text),
      facts: labelFacts(words.words),
    };
  }

  /**
   * Each candidate's features against the label (label-evidence.ts FEATURES, the cosine last);
   * `found` remembers how each word was found on this label, across calls for the same label.
   */
  private weigh(
    label: LabelReading,
    found: Map<number, number>,
    candidates: readonly { doc: number; score: number }[],
  ): Weighed[] {
    return candidates.map((c) => {
      const { features, coverage } = this.evidence.of(c.doc, label, found);
      features[COSINE] = c.score;
      return { id: this.docIds[c.doc] ?? 0, cosine: c.score, coverage, features };
    });
  }

  /** Weighed candidates as matches, best evidence (by `model`) first, confidence 0 (set by the caller). */
  private rank(weighed: readonly Weighed[], model: RankingModel): LabelMatch[] {
    const ranked = weighed.map((w) => ({
      id: w.id,
      score: (w.cosine * (1 + w.coverage)) / 2,
      evidence: evidenceOf(model, w.features),
      confidence: 0,
    }));
    return ranked.sort((a, b) => b.evidence - a.evidence || a.id - b.id);
  }

  /**
   * Every candidate the label's text leads to, with its features, in no particular order: what the
   * ranking model is fitted on (bench/fit-label-ranking.ts).
   */
  features(text: string): Weighed[] {
    return this.weigh(this.reading(text), new Map(), this.candidates(text, RESCORED));
  }

  /**
   * The best `limit` wines for the text read on a label, best first by the evidence `model` gives
   * their features (label-ranking.ts; the fitted model unless another is given), with confidences;
   * empty when nothing is shared.
   */
  match(text: string, limit: number, model: RankingModel = RANKING): LabelMatches {
    const candidates = this.candidates(text, limit);
    const label = this.reading(text);
    const found = new Map<number, number>();
    const ranked = this.rank(this.weigh(label, found, candidates), model);
    const score = ranked.reduce((max, r) => Math.max(max, r.score), 0);
    const shares = confidences(
      model,
      ranked.map((r) => r.evidence),
    );
    const best = ranked.slice(0, limit);
    for (const [i, r] of best.entries()) r.confidence = shares[i] ?? 0;
    if (score >= MATCH_THRESHOLD) return { score, matches: best };
    const named = this.named(text, label, found, candidates, limit, model);
    return named ? { score, matches: best, named } : { score, matches: best };
  }

  /**
   * The wines of the producers (else regions) whose names `text` shows as whole words, best
   * `limit` by evidence (their cosine from `candidates` when the first stage found them, else 0), each
   * with its softmax share of the evidence among them times {@link NAMED_CONFIDENCE}; undefined when
   * the label names none. At most {@link MAX_NAMED} of a name's wines are weighed.
   */
  private named(
    text: string,
    label: LabelReading,
    found: Map<number, number>,
    candidates: readonly { doc: number; score: number }[],
    limit: number,
    model: RankingModel,
  ): LabelMatches["named"] {
    const named = this.names.find(fold(text).split(" "));
    if (named === null) return undefined;
    const cosine = new Map(candidates.map((c) => [c.doc, c.score]));
    const docs =
      named.docs.length <= MAX_NAMED
        ? named.docs
        : [...named.docs.filter((d) => cosine.has(d)), ...named.docs.filter((d) => !cosine.has(d))].slice(
            0,
            MAX_NAMED,
          );
    const weighed = this.weigh(
      label,
      found,
      docs.map((doc) => ({ doc, score: cosine.get(doc) ?? 0 })),
    );
    const ranked = this.rank(weighed, model);
    // Shares among the name's wines alone: no "another wine" option.
    const shares = confidences(
      { weights: model.weights, unknown: Number.NEGATIVE_INFINITY },
      ranked.map((r) => r.evidence),
    );
    const best = ranked.slice(0, limit);
    for (const [i, r] of best.entries()) r.confidence = NAMED_CONFIDENCE * (shares[i] ?? 0);
    return { by: named.by, names: named.names, matches: best };
  }
}
