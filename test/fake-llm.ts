/**
 * A stand-in for an OpenAI-compatible chat-completions endpoint, for tests that run the service or
 * `winedata worker` as a process with `GENERATOR=openai` and `OPENAI_BASE_URL` pointing here. It
 * speaks just enough of the wire format for the openai generator
 * (src/modules/content/generators/openai/): `POST /v1/chat/completions`, whose user message carries
 * `"task"` (wine_texts, drinking_period or region_insight) and whose system message names the
 * language code; it answers a chat completion whose content is a valid German answer for that task.
 *
 * Every request is HELD: it gets no answer until the test calls `answer()` on it, so a test can
 * keep a generation job provably in the middle of its model call. Other paths, and other languages,
 * get an error status (the generator would then fall back to its offline texts, which a test sees).
 */
import { createServer, type ServerResponse } from "node:http";

/** German texts that pass the generator's validation (lengths, language, no unfilled slots). */
export const FAKE_GERMAN: Record<string, Record<string, unknown>> = {
  wine_texts: {
    description:
      "Ein trockener Wein mit klarer Frucht und frischer Säure, der sich gut zum Essen eignet und auch allein Freude macht.",
    text_long:
      "Dieser Wein wird aus sorgfältig gelesenen Trauben gekeltert und zeigt eine klare, saubere Frucht. Er ist trocken, hat eine frische Säure und einen mittleren Körper, der ihn zu einem vielseitigen Begleiter macht.",
    tasting_notes:
      "Im Glas klar und leuchtend. In der Nase reife Frucht, am Gaumen frisch, trocken und mit einem angenehmen Abgang.",
    pairing: "Passt sehr gut zu Geflügel, Pasta und zu mildem Käse.",
  },
  drinking_period: {
    statement: "Dieser Wein ist in den Jahren des angegebenen Fensters am besten.",
    young: "Jung ist der Wein frisch und fruchtig, mit einer lebendigen Säure.",
    ripe: "Gereift zeigt er getrocknete Früchte und eine weiche, runde Textur.",
    storage: "Die Flaschen liegend, kühl und dunkel bei gleichmäßiger Temperatur lagern.",
  },
  region_insight: {
    summary:
      "Der Katalog führt aus dieser Region Weine, die für ihre klare Frucht und ihre Frische geschätzt werden.",
    climate_and_terroir:
      "Das Klima ist gemäßigt, und die Böden geben den Weinen eine feste Struktur und eine lebendige Säure.",
    signature_styles: ["Trockene Weine mit frischer Säure", "Fruchtbetonte Weine für jeden Tag"],
  },
};

/** One request the server received. */
export interface LlmRequest {
  /** The user message's `task` (e.g. "wine_texts"), or null when the body did not name one. */
  task: string | null;
  /** The language code the system message asks for, or null. */
  lang: string | null;
  /** `Date.now()` when the whole request had arrived (the same clock the jobs table is written with). */
  arrivedAt: number;
  /** True once the client closed the connection (its process died) before an answer was sent. */
  abandoned: boolean;
  /** True once {@link answer} sent the answer. */
  answered: boolean;
  /** Sends the answer: the task's German content, or 400 when the task or language is not served. */
  answer(): void;
}

/** A running fake endpoint on 127.0.0.1. */
export interface FakeLlm {
  /** `OPENAI_BASE_URL` for it (ends in `/v1`). */
  baseUrl: string;
  /** The chat-completions requests received, in order of arrival. */
  requests: LlmRequest[];
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** The task and language of a chat-completions body (see generators/openai/prompts.ts). */
function parse(raw: string): { task: string | null; lang: string | null; model: string } {
  try {
    const body = JSON.parse(raw) as { model?: string; messages?: { role: string; content: string }[] };
    const system = body.messages?.find((m) => m.role === "system")?.content ?? "";
    const user = body.messages?.find((m) => m.role === "user")?.content ?? "";
    const facts = user.slice(user.indexOf("{"));
    const task = (JSON.parse(facts) as { task?: unknown }).task;
    return {
      task: typeof task === "string" ? task : null,
      lang: /language code "([a-z]{2})"/.exec(system)?.[1] ?? null,
      model: body.model ?? "",
    };
  } catch {
    return { task: null, lang: null, model: "" };
  }
}

/** Starts the fake endpoint on `port` of 127.0.0.1 (see `freePort` in raw-http.ts). */
export async function startFakeLlm(port: number): Promise<FakeLlm> {
  const requests: LlmRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        sendJson(res, 404, { error: { message: "not found", type: "invalid_request_error" } });
        return;
      }
      const { task, lang, model } = parse(Buffer.concat(chunks).toString("utf8"));
      const request: LlmRequest = {
        task,
        lang,
        arrivedAt: Date.now(),
        abandoned: false,
        answered: false,
        answer() {
          if (request.answered || request.abandoned) return;
          request.answered = true;
          const content = task === null || lang !== "de" ? undefined : FAKE_GERMAN[task];
          if (content === undefined) {
            sendJson(res, 400, { error: { message: `not served: ${task} in ${lang}` } });
            return;
          }
          sendJson(res, 200, {
            id: `chatcmpl-fake-${requests.indexOf(request)}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: JSON.stringify(content), refusal: null },
                logprobs: null,
                finish_reason: "stop",
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          });
        },
      };
      res.on("close", () => {
        if (!request.answered) request.abandoned = true;
      });
      requests.push(request);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
