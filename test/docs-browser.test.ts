/**
 * `/docs` in a real browser (Debian's Chromium, test/chromium.ts): Swagger UI runs under the page's
 * Content-Security-Policy (no violation), shows the product's name and the link to get a key, and
 * another site cannot frame it (issue 33). Skipped, saying so, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium, chromiumMissing as missing, reportSkipped } from "./chromium.ts";
import { startTestService, type TestService } from "./helpers.ts";

reportSkipped("/docs browser tests");

let s: TestService;
let origin: string;
let browser: Browser;
/** Another site (another port: another origin) whose page frames `/docs`. */
let framing: Server;
let framingOrigin: string;

before(async () => {
  if (missing) return;
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
  browser = await launchChromium();
  framing = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>other site</title><iframe id="docs" src="${origin}/docs/"></iframe>`);
  });
  await new Promise<void>((resolve) => framing.listen(0, "127.0.0.1", resolve));
  const address = framing.address();
  framingOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
after(async () => {
  await browser?.close();
  framing?.close();
  await s?.close();
});

test("Swagger UI runs under its CSP and shows the product's name and where to get a key", {
  skip: missing,
}, async () => {
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${origin}/docs/`);
  assert.equal(await page.title(), "Wine Data Service API");
  await page.locator(".info .title").filter({ hasText: "Wine Data Service API" }).waitFor();
  const link = page.getByRole("link", { name: "sign up" });
  assert.equal(await link.getAttribute("href"), "/account/signup");
  // The operations are listed: the document loaded and rendered.
  await page.locator(".opblock-summary-path").filter({ hasText: "/v1/wines/{id}" }).first().waitFor();
  assert.deepEqual(violations, []);
  // The link leads to the sign-up form.
  const signup = await page.context().request.get(new URL("/account/signup", origin).href);
  assert.equal(signup.status(), 200);
  await page.close();
});

test("another site cannot frame /docs", { skip: missing }, async () => {
  const page = await browser.newPage();
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(message.text()))
      blocked.push(message.text());
  });
  await page.goto(framingOrigin);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  // Chromium shows an error page instead of the framed one: no Swagger UI in the frame.
  assert.ok(frame, "the other site's page has its frame");
  const title = frame ? await frame.title().catch(() => "") : "";
  assert.notEqual(title, "Wine Data Service API");
  assert.equal(
    await frame
      ?.locator("#swagger-ui")
      .count()
      .catch(() => 0),
    0,
  );
  assert.ok(blocked.length > 0, "the browser reports the refusal");
  await page.close();
});
