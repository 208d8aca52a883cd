/**
 * Worker thread that holds the label matcher of one catalogue version, so that building it and
 * scoring a label against it, which both take longer as the catalogue grows
 * (bench/results/label-matcher.md), never block the request thread. Messages in: `{ page }` (wines
 * to index, in id order), `{ end: true, save? }` (no more wines; `save`: write the built index to
 * that file), `{ restore }` (instead of pages: the index saved in that file), `{ id, text, limit }`
 * (a label to match). Messages out: `{ ready: true }` once built or restored, `{ error }` if that
 * failed, `{ saved }` once the index is written (null: it could not be), `{ id, matches }` for each
 * label. See {@link MatcherThread}.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { deserialize, serialize, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import type { LabelDocument } from "./label-indexer.ts";
import { LabelMatcher, type MatcherSnapshot } from "./label-matcher.ts";
import { MATCHER_INDEX_FORMAT } from "./matcher-cache.ts";

/** A saved index file's content (`node:v8` serialize): the matcher's snapshot and the layout's version. */
interface SavedIndex {
  format: number;
  snapshot: MatcherSnapshot;
}

/**
 * The matcher saved in `file`.
 * @throws when the file cannot be read, is not a saved index (corrupt, another layout), or its
 *   snapshot is incomplete.
 */
function restoreFile(file: string): LabelMatcher {
  const saved = deserialize(readFileSync(file)) as Partial<SavedIndex> | null;
  if (saved?.format !== MATCHER_INDEX_FORMAT || typeof saved.snapshot !== "object") {
    throw new Error(`${file} is not a saved label index of format ${MATCHER_INDEX_FORMAT}`);
  }
  return LabelMatcher.restore(saved.snapshot);
}

export type MatcherRequest =
  | { page: LabelDocument[] }
  | { end: true; save?: string }
  | { restore: string }
  | { id: number; text: string; limit: number };

const port = parentPort;
if (!port) throw new Error("matcher-worker runs in a worker thread");

const pending: (LabelDocument[] | null)[] = [];
let wake: (() => void) | null = null;

/** The pages as they arrive, until `{ end: true }`. */
async function* pages(): AsyncGenerator<LabelDocument[]> {
  for (;;) {
    while (pending.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const page = pending.shift();
    if (!page) return;
    yield page;
  }
}

let matcher: LabelMatcher | null = null;
let savePath: string | undefined;
/** Whether the matcher is being (or was) made: the first `restore` or page starts it, once. */
let started = false;
const startOnce = (make: () => Promise<void>): void => {
  if (started) return;
  started = true;
  void make();
};

port.on("message", (message: MatcherRequest) => {
  if ("restore" in message) {
    const file = message.restore;
    startOnce(() => ready(() => restoreFile(file)));
  } else if ("page" in message || "end" in message) {
    if ("end" in message) savePath = message.save;
    pending.push("page" in message ? message.page : null);
    wake?.();
    wake = null;
    startOnce(() => ready(() => LabelMatcher.build(pages())).then(save));
  } else {
    port.postMessage({
      id: message.id,
      matches: matcher?.match(message.text, message.limit) ?? { score: 0, matches: [] },
    });
  }
});

/**
 * A full collection of this thread's heap, now. Building leaves its scaffolding behind (the flat term
 * list, grown by doubling, and each wine's vector: hundreds of MB of array buffers and heap at
 * 300,000 wines), and a thread that then only answers a label now and then allocates too little for
 * V8 ever to collect it: the service kept that memory for as long as the matcher lived
 * (bench/results/load-memory.md §4). `gc` is exposed to a fresh context only, the usual way to
 * reach it without starting the process with `--expose-gc`.
 */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** Makes the matcher, collects the garbage of making it, and says so (or why not). */
async function ready(make: () => LabelMatcher | Promise<LabelMatcher>): Promise<void> {
  try {
    matcher = await make();
    collectGarbage();
    port?.postMessage({ ready: true });
  } catch (err) {
    port?.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * Writes the built index to `savePath` when asked: to a file of this thread's own beside it
 * (`<savePath>.<random>.partial`), then renamed, so a reader never sees half of one and two processes
 * saving the same index at once each rename a whole file; then collects the serialized copy. A
 * failure leaves no file at `savePath` (the partial one is removed, or, if the process dies first,
 * by the next save's prune) and is only lost time for the next start, which then builds.
 */
function save(): void {
  if (matcher === null || savePath === undefined) return;
  const partial = `${savePath}.${randomUUID()}.partial`;
  try {
    const saved: SavedIndex = { format: MATCHER_INDEX_FORMAT, snapshot: matcher.snapshot() };
    writeFileSync(partial, serialize(saved));
    renameSync(partial, savePath);
    port?.postMessage({ saved: savePath });
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Left for the next save's prune.
    }
    port?.postMessage({ saved: null }); // no saved index: the next start builds
  }
  collectGarbage();
}
