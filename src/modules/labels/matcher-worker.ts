/**
 * Worker thread that holds the label matcher of one catalogue version, so that building it and
 * scoring a label against it, which both take longer as the catalogue grows
 * (bench/results/label-matcher.md), never block the request thread. Messages in: `{ page }` (wines
 * to index, in id order), `{ end: true }` (no more wines), `{ id, text, limit }` (a label to match).
 * Messages out: `{ ready: true }` once built, `{ error }` if the build failed, `{ id, matches }` for
 * each label. See {@link MatcherThread}.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { type LabelDocument, LabelMatcher } from "./label-matcher.ts";

export type MatcherRequest =
  | { page: LabelDocument[] }
  | { end: true }
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

port.on("message", (message: MatcherRequest) => {
  if ("page" in message || "end" in message) {
    pending.push("page" in message ? message.page : null);
    wake?.();
    wake = null;
  } else {
    port.postMessage({
      id: message.id,
      matches: matcher?.match(message.text, message.limit) ?? { score: 0, matches: [] },
    });
  }
});

/**
 * A full collection of this thread's heap, now. Building leaves its scaffolding behind (the flat term
 * list, grown by doubling, and each wine's vector: 200 MB of array buffers and 90 MB of heap at
 * 300,000 wines), and a thread that then only answers a label now and then allocates too little for
 * V8 ever to collect it: the service kept that memory for as long as the matcher lived
 * (bench/results/load-memory.md §4). `gc` is exposed to a fresh context only, the usual way to
 * reach it without starting the process with `--expose-gc`.
 */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

LabelMatcher.build(pages()).then(
  (built) => {
    matcher = built;
    collectGarbage();
    port.postMessage({ ready: true });
  },
  (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);
