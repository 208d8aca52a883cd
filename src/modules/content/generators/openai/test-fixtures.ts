/**
 * Test-only helpers for the OpenAI generator tests: a local HTTP server speaking the chat-completions
 * wire format (whose answer each test controls) and valid sample answers. Not imported by production code.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the mock server received. `body` is the parsed JSON body (or undefined). */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody | undefined;
}

/** The parts of a chat-completions request body the tests look at. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
}

/**
 * What the server answers:
 * - `{ content }`: 200 with a chat completion whose message content is `content`;
 * - `{ status, json }`: that status with that JSON body;
 * - `{ completion }`: 200 with a hand-built completion object;
 * - `{ hang: true }`: never answers (the socket is closed by `close()`).
 */
export type MockReply =
  | { content: string }
  | { status: number; json: unknown }
  | { completion: unknown }
  | { hang: true };

/** A running mock server. */
export interface MockServer {
  /** Base URL including `/v1`, for `OpenAiGeneratorOptions.baseUrl`. */
  baseUrl: string;
  /** Requests received so far, in order. */
  requests: ReceivedRequest[];
  /** Sets the answer for the following requests (a function gets the request). */
  reply(reply: MockReply | ((req: ReceivedRequest) => MockReply)): void;
  close(): Promise<void>;
}

/** A chat completion in the wire format with `content` as the assistant message. */
export function chatCompletion(
  content: string | null,
  model = "test-model",
  extra: Record<string, unknown> = {},
) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, ...extra },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    // Keeps client retries fast in tests (the official client honours retry-after-ms).
    "retry-after-ms": "10",
  });
  res.end(text);
}

/** Starts the mock server on 127.0.0.1 with an ephemeral port. Only `POST /v1/chat/completions` is served. */
export async function startMockServer(): Promise<MockServer> {
  const requests: ReceivedRequest[] = [];
  let current: MockReply | ((req: ReceivedRequest) => MockReply) = {
    status: 500,
    json: { error: "no reply set" },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: ChatRequestBody | undefined;
      try {
        body = raw ? (JSON.parse(raw) as ChatRequestBody) : undefined;
      } catch {
        body = undefined;
      }
      const received: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
      };
      requests.push(received);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        sendJson(res, 404, { error: { message: "not found", type: "invalid_request_error" } });
        return;
      }
      const reply = typeof current === "function" ? current(received) : current;
      if ("hang" in reply) return;
      if ("content" in reply) sendJson(res, 200, chatCompletion(reply.content, body?.model));
      else if ("completion" in reply) sendJson(res, 200, reply.completion);
      else sendJson(res, reply.status, reply.json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(reply) {
      current = reply;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** A valid German wine-texts answer for the Barolo fixture (CATEGORIES "Nebbiolo red"). */
export const GERMAN_WINE_TEXTS = {
  description:
    "Ein kraftvoller, trockener Rotwein aus Barolo in Italien, mit festen Tanninen und einer lebendigen Säure.",
  text_long:
    "Der Barolo von Cascina Esempio wird reinsortig aus Nebbiolo gekeltert. Er ist vollmundig und trocken und hat eine hohe Säure, die ihm Frische verleiht. Mit 14,5 % Alkohol und kräftigen Tanninen ist er ein Wein für gutes Essen und für Geduld im Keller.",
  tasting_notes:
    "Im Glas ein helles Granatrot. In der Nase rote Kirsche und Rosen, am Gaumen fest, trocken und mit einem sehr langen Abgang.",
  pairing: "Passt sehr gut zu Rind, Wild und zu gereiftem Käse.",
};

/** The same texts in English (a wrong-language answer when German was requested). */
export const ENGLISH_WINE_TEXTS = {
  description:
    "A powerful, dry red wine from Barolo in Italy, with firm tannins and a lively acidity that keeps it fresh.",
  text_long:
    "The Barolo of Cascina Esempio is made from Nebbiolo alone. It is full-bodied and dry, and its high acidity gives it freshness. With 14.5 % alcohol and firm tannins, this is a wine for good food and for patience in the cellar.",
  tasting_notes:
    "In the glass a pale garnet. On the nose red cherry and roses, on the palate firm, dry and with a very long finish.",
  pairing: "It pairs very well with beef, game and with matured cheese.",
};

/** A valid English drinking-period answer (numbers left to the caller). */
export const ENGLISH_DRINKING = {
  statement: "This wine is at its best in the years given by the window below.",
  young: "When young, the tannins are firm and the fruit is tight; it needs air and time.",
  ripe: "At maturity it shows dried cherry, rose and earthy notes, with the tannins softened.",
  storage: "Store the bottles lying down in a cool, dark place with a steady temperature.",
};

/** A valid German region-insight answer for a Barolo region. */
export const GERMAN_REGION = {
  summary:
    "Der Katalog führt zwei Weine aus Barolo in Italien, beide rot und aus Nebbiolo, die für ihre Kraft und Struktur geschätzt werden.",
  climate_and_terroir:
    "Im Anbaugebiet herrscht ein kontinentales Klima. Die Böden bestehen vor allem aus Mergel und Kalkstein, was den Weinen Struktur gibt.",
  signature_styles: [
    "Vollmundige trockene Rotweine aus Nebbiolo",
    "Lange lagerfähige Rotweine mit fester Säure",
  ],
};
