/**
 * What a new customer sees of the API reference (issue 33): `/docs` and the OpenAPI document carry
 * the product's name and where to get a key.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../test/helpers.ts";
import { OPENAPI_TITLE } from "./openapi.ts";

let s: TestService;
let published: TestService;
before(async () => {
  [s, published] = await Promise.all([
    startTestService(),
    startTestService({ PUBLIC_URL: "https://api.example.com/wine" }),
  ]);
});
after(() => Promise.all([s.close(), published.close()]));

const originOf = (service: TestService) => new URL(service.url("/")).origin;

test("/docs has the product's name as its title", async () => {
  assert.equal(OPENAPI_TITLE, "Wine Data Service API");
  for (const path of ["/docs", "/docs/"]) {
    const res = await fetch(`${originOf(s)}${path}`);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(await res.text(), /<title>Wine Data Service API<\/title>/, path);
  }
});

test("the document /docs shows: the product's name and a link to the sign-up page for a key", async () => {
  for (const [service, signup] of [
    [s, "/account/signup"],
    [published, "https://api.example.com/wine/account/signup"],
  ] as const) {
    // What the page loads (docs/json) and what clients read (openapi.json): the same document.
    for (const path of ["/docs/json", "/openapi.json"]) {
      const { info } = (await (await fetch(`${originOf(service)}${path}`)).json()) as {
        info: { title: string; description: string };
      };
      assert.equal(info.title, "Wine Data Service API", path);
      assert.ok(info.description.includes(`[sign up](${signup})`), info.description);
      assert.match(info.description, /Get an API key/);
    }
  }
  const page = await fetch(`${originOf(s)}/account/signup`);
  assert.equal(page.status, 200);
});
