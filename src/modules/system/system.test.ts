import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { collectedLog, startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("/health and /ready answer without a key", async () => {
  assert.deepEqual(await s.request("/health", { key: null }).then((r) => [r.status, r.body]), [
    200,
    { status: "ok" },
  ]);
  // With shared rate limits (REDIS_URL) /ready reports Redis too.
  const ready = s.config.redis ? { status: "ready", redis: "up" } : { status: "ready" };
  assert.deepEqual(await s.request("/ready", { key: null }).then((r) => [r.status, r.body]), [200, ready]);
});

test("unknown paths: 404 Not found.", async () => {
  for (const path of ["/nothing", "/wines/1/extra"]) {
    const res = await s.request(path);
    assert.deepEqual([res.status, res.body], [404, { message: "Not found.", code: "not_found" }]);
  }
});

test("the reference page is served at /docs", async () => {
  const res = await fetch(s.url("").replace(/\/v1$/, "/docs/"));
  assert.equal(res.status, 200);
  assert.match(await res.text(), /swagger/i);
});

const LABEL = readFileSync(new URL("../../../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
  "base64",
);

/** One request per documented operation, with the status it must answer. */
const CALLS: { method: "get" | "post"; path: string; template: string; status: number; body?: unknown }[] = [
  { method: "get", path: "/ping", template: "/v1/ping", status: 200 },
  { method: "get", path: "/wines?color=red&per_page=3", template: "/v1/wines", status: 200 },
  { method: "get", path: "/wines?page=999", template: "/v1/wines", status: 200 },
  { method: "get", path: "/wines?lwin=1000012", template: "/v1/wines", status: 200 },
  { method: "get", path: "/wines?gtin=12345678", template: "/v1/wines", status: 422 },
  {
    method: "get",
    path: "/wines?updated_since=2000-01-01T00:00:00Z&per_page=3",
    template: "/v1/wines",
    status: 200,
  },
  { method: "get", path: "/sources", template: "/v1/sources", status: 200 },
  { method: "get", path: "/wines?per_page=500", template: "/v1/wines", status: 422 },
  { method: "get", path: "/wines/search?q=barolo", template: "/v1/wines/search", status: 200 },
  { method: "get", path: "/wines/100001?lang=de", template: "/v1/wines/{id}", status: 200 },
  { method: "get", path: "/wines/1", template: "/v1/wines/{id}", status: 404 },
  { method: "get", path: "/producers?search=casa", template: "/v1/producers", status: 200 },
  { method: "get", path: "/producers/10001?include_wines=1", template: "/v1/producers/{id}", status: 200 },
  { method: "get", path: "/regions?country=it&lang=fr", template: "/v1/regions", status: 200 },
  { method: "get", path: "/regions/1001?include_wines=true", template: "/v1/regions/{id}", status: 200 },
  { method: "get", path: "/grapes?search=mer", template: "/v1/grapes", status: 200 },
  { method: "get", path: "/grapes/1", template: "/v1/grapes/{id}", status: 200 },
  {
    method: "get",
    path: "/region-insights/1001?lang=en",
    template: "/v1/region-insights/{regionId}",
    status: 200,
  },
  {
    method: "get",
    path: "/region-insights/1001?lang=de",
    template: "/v1/region-insights/{regionId}",
    status: 404,
  },
  {
    method: "get",
    path: "/drinking-periods/100001?lang=en",
    template: "/v1/drinking-periods/{wineId}",
    status: 200,
  },
  {
    method: "post",
    path: "/photo/analyze",
    template: "/v1/photo/analyze",
    status: 422,
    body: { photo: "bm90IGFuIGltYWdl" },
  },
  {
    method: "post",
    path: "/photo/analyze",
    template: "/v1/photo/analyze",
    status: 200,
    body: { photo: LABEL },
  },
];

test("/openapi.json is a valid OpenAPI 3.1 document and every response validates against it", async () => {
  const res = await s.request("/openapi.json", { key: null });
  assert.equal(res.status, 200);
  const doc = res.body;
  assert.equal(doc.openapi, "3.1.0");
  const validator = new Validator();
  const result = await validator.validate(doc);
  assert.ok(result.valid, JSON.stringify(result.errors));

  const documented = Object.keys(doc.paths).sort();
  assert.deepEqual(documented, [...new Set(CALLS.map((c) => c.template))].sort());

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const call of CALLS) {
    const answer = await s.request(call.path, {
      method: call.method === "post" ? "POST" : "GET",
      body: call.body,
    });
    assert.equal(answer.status, call.status, `${call.path}: ${JSON.stringify(answer.body)}`);
    const operation = doc.paths[call.template][call.method];
    const schema = operation.responses[String(call.status)]?.content?.["application/json"]?.schema;
    assert.ok(schema, `${call.template} documents ${call.status}`);
    const validate = ajv.compile(schema);
    assert.ok(validate(answer.body), `${call.path}: ${JSON.stringify(validate.errors)}`);
  }
});

test("/openapi.json lists a query parameter the service defaults as optional, and leaving it out works", async () => {
  const doc = (await s.request("/openapi.json", { key: null })).body;
  const defaulted: string[] = [];
  type Parameter = { name: string; in: string; required?: boolean; schema?: { default?: unknown } };
  type Operations = Record<string, { parameters?: Parameter[] }>;
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Operations>)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== "query" || parameter.schema?.default === undefined) continue;
        defaulted.push(`${path} ${parameter.name}`);
        assert.notEqual(parameter.required, true, `${path} ${parameter.name} has a default`);
      }
    }
  }
  for (const name of ["/v1/wines page", "/v1/wines per_page", "/v1/wines/search limit"]) {
    assert.ok(defaulted.includes(name), `${name} is documented with its default`);
  }
  const wines = (await s.request("/wines")).body;
  assert.equal(wines.meta.current_page, 1);
  assert.equal(wines.meta.per_page, 15);
  const search = await s.request("/wines/search?q=che");
  assert.equal(search.status, 200);
  assert.ok(search.body.data.length <= 20);
});

test("logs never hold a key; a 500 says nothing of its cause", async () => {
  const { stream: logStream, lines } = collectedLog();
  const svc = await startTestService({ LOG_LEVEL: "debug" }, { logStream });
  try {
    assert.equal((await svc.request("/ping")).status, 200);
    assert.equal((await svc.request("/ping", { key: null, headers: { "x-api-key": svc.key } })).status, 200);
    assert.equal((await svc.request("/wines?per_page=1", { key: `${svc.key}zz` })).status, 401);
    await svc.app.dbHandle.destroy();
    const res = await svc.request("/wines");
    assert.equal(res.status, 500);
    assert.deepEqual(res.body, { message: "Server Error", code: "internal_error" });
    assert.equal((await svc.request("/ready", { key: null })).status, 503);
    const log = lines.join("");
    assert.ok(log.includes('"statusCode":500'), "the failure is logged");
    assert.ok(!log.includes(svc.key.slice(13)), "no key secret in any log line");
  } finally {
    await svc.app.close().catch(() => {});
  }
});
