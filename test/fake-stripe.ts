/**
 * A local HTTP server that speaks the part of Stripe's wire format the Stripe billing provider uses,
 * for tests (there is no network here): form-encoded POST bodies with bracket keys
 * (`line_items[0][price]`), JSON answers with `object` fields, Bearer secret key, Stripe's error
 * shape `{error: {type, message}}`. Endpoints: POST /v1/customers, POST /v1/checkout/sessions,
 * GET and POST /v1/subscriptions/:id. Every request is recorded for assertions.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as received: method, path, the form fields (flat bracket keys) and the key used. */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

/** A subscription as the fake stores it (Stripe's field names; times in Unix seconds). */
export interface FakeSubscription {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      current_period_end: number;
    }[];
  };
}

/** The running fake: its origin, what it received, and the subscriptions it knows. */
export interface FakeStripe {
  origin: string;
  requests: StripeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  close(): Promise<void>;
}

/** A subscription of `price` with `status`, its period ending at `periodEnd` (Unix seconds). */
export function fakeSubscription(
  id: string,
  customer: string,
  price: string,
  status: string,
  periodEnd: number,
): FakeSubscription {
  return {
    id,
    object: "subscription",
    status,
    customer,
    cancel_at_period_end: false,
    trial_end: null,
    metadata: {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          object: "subscription_item",
          price: { id: price, object: "price" },
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

/** Starts the fake on a free port of 127.0.0.1; only `secretKey` is accepted. */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  let ids = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? "").split("?")[0] ?? "";
      requests.push({ method: req.method ?? "", path, form, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++ids}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      if (req.method === "POST" && path === "/v1/customers") {
        return send(200, { id: `cus_${++ids}`, object: "customer", email: form.email, name: form.name });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++ids}`;
        return send(200, {
          id,
          object: "checkout.session",
          mode: form.mode,
          url: `${origin}/pay/${id}`,
          customer: form.customer,
        });
      }
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      const found = sub?.[1] ? subscriptions.get(sub[1]) : undefined;
      if (sub && found === undefined) {
        return send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      }
      if (found && req.method === "GET") return send(200, found);
      if (found && req.method === "POST") {
        if (form.cancel_at_period_end !== undefined)
          found.cancel_at_period_end = form.cancel_at_period_end === "true";
        const item = found.items.data[0];
        if (form["items[0][price]"] && item) item.price.id = form["items[0][price]"];
        return send(200, found);
      }
      send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    subscriptions,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
