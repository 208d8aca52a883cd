/**
 * `winedata accounts reset-link`: an operator's way to let a customer in who cannot use "Forgot your
 * password?" (an account made with `accounts create` has no password at all): the printed link,
 * followed in a browser against the service on the same database, sets a password once; and the
 * operator's changes (`set-plan`, keys) appear in the account's security log.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { FormClient, textOf } from "./browser-client.ts";
import { failing, winedata } from "./cli-run.ts";
import { catalogueCopy, startTestService } from "./helpers.ts";

test("accounts reset-link prints a one-hour, single-use link that sets a dashboard password", async () => {
  const path = await catalogueCopy();
  const env = { DATABASE_URL: `sqlite:${path}` };
  await winedata(
    ["accounts", "create", "--name", "Bottle Shop", "--email", "shop@cellar.example", "--plan", "trial"],
    env,
  );
  await winedata(["accounts", "set-plan", "--email", "shop@cellar.example", "--plan", "standard"], env);
  const s = await startTestService(env);
  try {
    const origin = new URL(s.url("/")).origin;
    const printed = await winedata(
      ["accounts", "reset-link", "--email", "shop@cellar.example", "--url", `${origin}/`],
      env,
    );
    const link = /^(http:\/\/\S+\/account\/reset\?token=[A-Za-z0-9_-]{43})$/m.exec(printed.stdout)?.[1];
    assert.ok(link, printed.stdout);
    const browser = new FormClient(origin);
    const path = link.slice(origin.length);
    const token = new URL(link).searchParams.get("token") ?? "";
    const set = await browser.submit(path, { token, next: "a shop full of old vintages" }, "/account/reset");
    assert.equal(set.status, 303);
    const login = await browser.submit("/account/login", {
      email: "shop@cellar.example",
      password: "a shop full of old vintages",
    });
    assert.equal(login.status, 303);
    assert.equal((await new FormClient(origin).get(path)).status, 400, "used once");
    const log = textOf((await browser.get("/account/security")).html);
    for (const event of ["Plan changed", "Password reset link sent", "Password reset by link", "Logged in"]) {
      assert.match(log, new RegExp(event), event);
    }
    assert.match(log, /winedata \(command line\)/);
  } finally {
    await s.close();
  }
  const bad = await failing(
    ["accounts", "reset-link", "--email", "shop@cellar.example", "--url", "ftp://x"],
    env,
  );
  assert.equal(bad.code, 2);
  const unknown = await failing(["accounts", "reset-link", "--email", "nobody@cellar.example"], env);
  assert.equal(unknown.code, 2);
});
