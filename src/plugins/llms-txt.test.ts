import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { postMcpInitialize, startTestService, type TestService } from "../../test/helpers.ts";
import { MCP_TOOL_NAMES } from "../modules/mcp/mcp.tools.ts";

let s: TestService;
let behindProxy: TestService;
before(async () => {
  [s, behindProxy] = await Promise.all([
    startTestService(),
    startTestService({ PUBLIC_URL: "https://api.example.com/wine" }),
  ]);
});
after(() => Promise.all([s.close(), behindProxy.close()]));

/** GET /llms.txt without a key. */
async function llms(service: TestService) {
  const res = await fetch(new URL("/llms.txt", service.url("/")));
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

test("/llms.txt is plain text without a key and names every operation of the OpenAPI document", async () => {
  const { status, type, text } = await llms(s);
  assert.equal(status, 200);
  assert.equal(type, "text/plain; charset=utf-8");
  const doc = (await s.request("/openapi.json", { key: null })).body;
  const paths = Object.keys(doc.paths);
  assert.ok(paths.length >= 13, paths.join(" "));
  for (const path of paths) {
    for (const method of Object.keys(doc.paths[path])) {
      assert.ok(text.includes(`\`${method.toUpperCase()} ${path}\``), `${method} ${path} is missing`);
    }
  }
  for (const section of ["## Authentication", "## Endpoints", "## Plans and limits", "## Errors"]) {
    assert.ok(text.includes(section), section);
  }
  // Not itself in the OpenAPI document.
  assert.ok(!paths.some((p) => p.includes("llms")));
});

test("every example request of /llms.txt answers 200 with a key", async () => {
  const { text } = await llms(s);
  const origin = new URL(s.url("/")).origin;
  const examples = [...text.matchAll(/Example: `curl -H "Authorization: Bearer \$WDS_API_KEY" "([^"]+)"`/g)];
  assert.ok(examples.length >= 12, String(examples.length));
  for (const [, url] of examples) {
    assert.ok(url?.startsWith(`${origin}/v1/`), url);
    const res = await fetch(url ?? "", { headers: { authorization: `Bearer ${s.key}` } });
    await res.arrayBuffer();
    assert.equal(res.status, 200, url);
  }
});

test("absolute URLs in /llms.txt start with PUBLIC_URL when it is set", async () => {
  const { text } = await llms(behindProxy);
  assert.ok(text.includes("Base URL: https://api.example.com/wine/v1."));
  assert.ok(text.includes('"https://api.example.com/wine/v1/wines/100001"'));
  assert.ok(!text.includes("127.0.0.1"));
});

test("/llms.txt says where to get a key, and that the sign-up page is there", async () => {
  const origin = new URL(s.url("/")).origin;
  const { text } = await llms(s);
  assert.ok(text.includes("## Get a key"));
  assert.ok(text.includes(`Sign up at ${origin}/account/signup `), text.slice(0, 2000));
  const signup = await fetch(`${origin}/account/signup`);
  assert.equal(signup.status, 200);
  assert.match(await signup.text(), /<form[^>]+action="\/account\/signup"/);
  const published = (await llms(behindProxy)).text;
  assert.ok(published.includes("Sign up at https://api.example.com/wine/account/signup "));
});

test("/llms.txt describes MCP: the endpoint, its transport, `winedata mcp` and every tool", async () => {
  const origin = new URL(s.url("/")).origin;
  const { text } = await llms(s);
  const section = text.slice(text.indexOf("## MCP"), text.indexOf("## Languages"));
  assert.ok(section.length > 200, "an MCP section before the languages");
  assert.ok(section.includes(`POST ${origin}/mcp`), section);
  assert.match(section, /Streamable HTTP/);
  assert.match(section, /`Accept: application\/json, text\/event-stream`/);
  assert.match(section, /`winedata mcp`/);
  assert.ok(section.includes(`WINEDATA_URL=${origin}/v1`), section);
  for (const tool of MCP_TOOL_NAMES) assert.ok(section.includes(`\`${tool}\``), tool);
  // The endpoint it names answers MCP with a key.
  const res = await postMcpInitialize(origin, { authorization: `Bearer ${s.key}` });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).result.serverInfo.name, "wine-data-service");
});
