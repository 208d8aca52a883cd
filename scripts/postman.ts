/**
 * `npm run test:postman` (run by `.ci/run` after `npm test`): the API's Postman collection, generated
 * from its OpenAPI document with openapi-to-postmanv2 and run by newman against a started service.
 *
 * 1. The service starts as a child process (`src/cli.ts serve`, test/service-process.ts) on a
 *    temporary SQLite copy of the bundled catalogue with a fresh Enterprise key (test/helpers.ts).
 * 2. `GET /openapi.json` is converted (folders by tag, parameter values from the document's
 *    examples, optional parameters off), so only documented operations are in it: hidden routes
 *    (/health, /openapi.json, /llms.txt, /mcp …) never are.
 * 3. Each request gets a test script: status 200, and every field the 200 response schema requires
 *    present, down through nested objects and the first item of arrays.
 * 4. The collection is written to `docs/postman/winedata.postman_collection.json` with the variables
 *    `baseUrl` (http://localhost:8080), `apiKey` (empty: fill in your key) and `labelPhoto` (base64
 *    of a label photo, for POST /photo/analyze), for users to import into Postman.
 * 5. newman runs a copy with the variables set for this service (the label photo from
 *    test/fixtures/labels), prints its CLI summary and this script exits 1 on any failed request or
 *    assertion (and 0 otherwise).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import newman, { type NewmanRunSummary } from "newman";
import { convertV2 } from "openapi-to-postmanv2";
import { catalogueCopyWithKey } from "../test/helpers.ts";
import { freePort } from "../test/raw-http.ts";
import { ServiceProcess } from "../test/service-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = `${ROOT}docs/postman/winedata.postman_collection.json`;
const LABEL = `${ROOT}test/fixtures/labels/100062.jpeg`;

/** The parts of an OpenAPI 3.1 document and of its schemas read here. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Operation {
  parameters?: {
    name: string;
    in: string;
    example?: unknown;
    schema?: { enum?: unknown[]; default?: unknown };
  }[];
  responses?: Record<string, OpenApiResponse>;
}
interface OpenApiResponse {
  content?: Record<string, { schema?: Schema }>;
}

/** A Postman collection item: a folder (`item`) or a request. */
interface Item {
  id?: string;
  name: string;
  item?: Item[];
  request?: {
    method: string;
    url: { path?: string[]; query?: { key: string; value: string; disabled?: boolean }[] };
    auth?: unknown;
    body?: { mode: string; raw?: string };
  };
  event?: { listen: string; script: { type: string; exec: string[] } }[];
  response?: unknown[];
}
interface Collection {
  info: Record<string, unknown>;
  item: Item[];
  auth?: unknown;
  variable?: { key: string; value: string; type?: string }[];
}

/** `#/components/schemas/X` resolved; anything else as is. */
function resolve(doc: OpenApiDoc, schema: Schema): Schema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return name === undefined ? schema : resolve(doc, doc.components?.schemas?.[name] ?? {});
}

/**
 * The JavaScript property paths (`["data", "id"]`) that the 200 schema requires, through nested
 * objects and the first item of arrays (`[0]`), at most `depth` levels deep.
 */
function requiredPaths(doc: OpenApiDoc, schema: Schema, at: string[] = [], depth = 4): string[][] {
  const s = resolve(doc, schema);
  if (depth === 0) return [];
  const paths: string[][] = [];
  if (s.type === "array" && s.items) return requiredPaths(doc, s.items, [...at, "0"], depth - 1);
  for (const name of s.required ?? []) {
    const path = [...at, name];
    paths.push(path);
    const property = s.properties?.[name];
    if (property) paths.push(...requiredPaths(doc, property, path, depth - 1));
  }
  return paths;
}

/** The test script of one request: status 200 and each required field present. */
function testScript(required: string[][]): string[] {
  const lines = [
    'pm.test("status is 200", () => pm.response.to.have.status(200));',
    "const body = pm.response.json();",
    `const required = ${JSON.stringify(required)};`,
    "for (const path of required) {",
    "  // Only where the enclosing value is there (an empty array has no first item to check).",
    "  let holder = body;",
    "  for (const step of path.slice(0, -1)) holder = holder == null ? undefined : holder[step];",
    "  if (holder === undefined || holder === null) continue;",
    '  pm.test("field " + path.join(".") + " is present", () => pm.expect(holder).to.have.property(path[path.length - 1]));',
    "}",
  ];
  return lines;
}

/** Every request item of `items`, folders walked. */
function requests(items: Item[]): Item[] {
  return items.flatMap((item) => (item.item ? requests(item.item) : [item]));
}

/** The OpenAPI path template of a Postman URL path (`["v1","wines",":id"]` → `/v1/wines/{id}`). */
const templateOf = (path: string[]) => `/${path.map((p) => p.replace(/^:(.+)$/, "{$1}")).join("/")}`;

/** Converts `doc` and adds the test scripts, the key auth and the variables. */
async function collectionOf(doc: OpenApiDoc): Promise<Collection> {
  const convert = promisify(convertV2) as (input: unknown, options: unknown) => Promise<unknown>;
  const result = (await convert(
    { type: "json", data: doc },
    {
      folderStrategy: "Tags",
      parametersResolution: "Example",
      enableOptionalParameters: false,
      requestNameSource: "Fallback",
    },
  )) as { result: boolean; reason?: string; output?: { data: Collection }[] };
  const collection = result.output?.[0]?.data;
  if (!result.result || collection === undefined) throw new Error(`conversion failed: ${result.reason}`);
  collection.info = { ...collection.info, name: "Wine Data Service", _postman_id: undefined };
  collection.auth = { type: "bearer", bearer: [{ key: "token", value: "{{apiKey}}", type: "string" }] };
  collection.variable = [
    { key: "baseUrl", value: "http://localhost:8080", type: "string" },
    { key: "apiKey", value: "", type: "string" },
    { key: "labelPhoto", value: "", type: "string" },
  ];
  for (const folder of collection.item) delete folder.id;
  for (const item of requests(collection.item)) {
    const request = item.request;
    if (request === undefined) continue;
    // The same file for the same document: no random ids, no converter's example answers (noise, not
    // needed to run), the collection's auth inherited.
    delete item.id;
    delete request.auth;
    item.response = [];
    const method = request.method.toLowerCase();
    const template = templateOf(request.url.path ?? []);
    const operation = doc.paths[template]?.[method];
    if (operation === undefined) throw new Error(`no operation for ${method} ${template}`);
    // Optional parameters (off) with the document's example, first allowed value or default, not a
    // random one.
    for (const param of request.url.query ?? []) {
      const documented = operation.parameters?.find((p) => p.in === "query" && p.name === param.key);
      if (!param.disabled || documented === undefined) continue;
      const value = documented.example ?? documented.schema?.enum?.[0] ?? documented.schema?.default;
      param.value = value === undefined ? "" : String(value);
    }
    if (template.endsWith("/photo/analyze")) {
      request.body = { mode: "raw", raw: '{"photo": "{{labelPhoto}}", "max_results": 3}' };
    }
    const schema = operation.responses?.["200"]?.content?.["application/json"]?.schema;
    const required = schema === undefined ? [] : requiredPaths(doc, schema);
    item.event = [{ listen: "test", script: { type: "text/javascript", exec: testScript(required) } }];
  }
  return collection;
}

/** Runs `collection` with newman's CLI reporter; resolves to the number of failures. */
async function run(collection: Collection): Promise<number> {
  const summary = await new Promise<NewmanRunSummary>((resolve, reject) => {
    newman.run({ collection, reporters: ["cli"], timeoutRequest: 90_000 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
  return summary.run.failures.length;
}

const started = performance.now();
const { path, key } = await catalogueCopyWithKey();
const port = await freePort();
const service = new ServiceProcess(port, {
  DATABASE_URL: `sqlite:${path}`,
  // A first photo loads the OCR models: more than the default budget on a loaded machine.
  PHOTO_TIMEOUT_MS: "60000",
});
let failures = 1;
try {
  await service.start();
  const baseUrl = `http://127.0.0.1:${port}`;
  const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDoc;
  const collection = await collectionOf(doc);
  writeFileSync(OUT, `${JSON.stringify(collection, null, 2)}\n`);
  const values: Record<string, string> = {
    baseUrl,
    apiKey: key,
    labelPhoto: readFileSync(LABEL).toString("base64"),
  };
  const runnable: Collection = {
    ...collection,
    variable: (collection.variable ?? []).map((v) => ({ ...v, value: values[v.key] ?? v.value })),
  };
  failures = await run(runnable);
} catch (err) {
  console.error(err);
  console.error(service.tail(40));
} finally {
  await service.stop();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `postman: ${failures === 0 ? "passed" : `FAILED (${failures} failures)`} in ${seconds} s; collection: ${OUT}`,
);
process.exit(failures === 0 ? 0 : 1);
