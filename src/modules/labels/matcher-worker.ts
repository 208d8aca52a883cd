/**
 * Worker thread that holds the label matcher of one catalogue version, so that building it and
 * scoring a label against it, which both take longer as the catalogue grows
 * (bench/results/label-matcher.md), never block the request thread. Messages in: `{ page }` (wines
 * to index, in id order), `{ end: true }` (no more wines), `{ id, text, limit }` (a label to match).
 * Messages out: `{ ready: true }` once built, `{ error }` if the build failed, `{ id, matches }` for
 * each label. See {@link MatcherThread}.
 */
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

LabelMatcher.build(pages()).then(
  (built) => {
    matcher = built;
    port.postMessage({ ready: true });
  },
  (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);
