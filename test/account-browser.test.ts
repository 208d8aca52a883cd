/**
 * A new customer's whole way in, in a real browser (Debian's Chromium through playwright-core) and
 * with real mail (an SMTP server started here, test/mail-server.ts): sign up → the confirmation
 * mail → its link opened in the browser → a key → the API answers it → log out → "Forgot your
 * password?" → the reset mail → its link → a new password → log in with it (the old one refused);
 * the security log shows the way. Skipped, saying so, where Chromium is missing (`.ci/run` installs it).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { chromiumMissing, launchChromium, reportSkipped, screenshotsDir } from "./chromium.ts";
import { startTestService, type TestService } from "./helpers.ts";
import { type MailServer, startMailServer } from "./mail-server.ts";

const missing = chromiumMissing;
reportSkipped("account browser test");

let s: TestService;
let smtp: MailServer;
let origin: string;
let browser: Browser;
let shots = "";

before(async () => {
  if (missing) return;
  smtp = await startMailServer();
  s = await startTestService({ SMTP_URL: smtp.url });
  origin = new URL(s.url("/")).origin;
  browser = await launchChromium();
  shots = screenshotsDir();
});
after(async () => {
  await browser?.close();
  await s?.close();
  await smtp?.close();
});

test("sign up → confirm by mail → key → reset the password by mail → log in with the new one", {
  skip: missing,
}, async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-GB" });
  const page = await context.newPage();
  const email = `walk-${Date.now()}@example.com`;
  const first = "a cellar full of riesling";
  const second = "vintage port by the fire";

  await page.goto(`${origin}/account/signup`);
  await page.getByLabel("Name").fill("Weinhandlung Becker");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(first);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${origin}/account`);
  assert.match(
    (await page.getByTestId("unverified").textContent()) ?? "",
    /Please confirm your email address/,
  );

  const confirmation = await smtp.next(email, /Confirm your email address/);
  assert.equal(confirmation.links.length, 1);
  await page.goto(confirmation.links[0] ?? "");
  await page.waitForURL(`${origin}/account`);
  await page.getByText("Thank you: your email address is confirmed.").waitFor();
  assert.equal(await page.getByTestId("unverified").count(), 0);
  assert.match((await page.getByTestId("usage-today").textContent()) ?? "", /of 1,000$/);

  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Key name").fill("Shop sync");
  await page.getByLabel("Rate limit (requests per minute)").fill("60");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = ((await page.getByTestId("new-key").textContent()) ?? "").trim();
  assert.match(key, /^wds_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
  const ping = await fetch(s.url("/ping"), { headers: { authorization: `Bearer ${key}` } });
  assert.equal(ping.status, 200);

  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${origin}/account/login?out=1`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await page.getByTestId("notice").waitFor();
  assert.match((await page.getByTestId("notice").textContent()) ?? "", /we sent it a link/);

  const reset = await smtp.next(email, /Reset your password/);
  await page.goto(reset.links[0] ?? "");
  await page.getByLabel("New password").fill(second);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(`${origin}/account/login?reset=1`);
  await page.getByText(/Your password was changed/).waitFor();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(first);
  await page.getByRole("button", { name: "Log in" }).click();
  assert.equal((await page.getByRole("alert").textContent())?.trim(), "The email or password is incorrect.");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(second);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${origin}/account`);
  // The key made before the reset still works: a reset changes the password, not the keys.
  assert.equal((await fetch(s.url("/ping"), { headers: { authorization: `Bearer ${key}` } })).status, 200);

  await page.getByRole("link", { name: "Security log" }).click();
  const log = (await page.getByTestId("security-log").textContent()) ?? "";
  for (const event of [
    "Account created",
    "Email address confirmed",
    "API key created",
    "Password reset by link",
    "Failed log-in",
    "Logged in",
  ]) {
    assert.ok(log.includes(event), event);
  }
  await page.screenshot({ path: join(shots, "security-log.png"), fullPage: true });
  await context.close();
});
