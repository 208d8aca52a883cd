/**
 * The keys page's limits over real HTTP: a key name with control or invisible characters is refused
 * beside the field (the rule of api-keys.service.ts `keyNameProblem`), and an account holds at most
 * its plan's active keys (trial: 3) — the next is refused on the page, a revoked one frees a place.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { FormClient, textOf } from "../../../test/browser-client.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
let origin: string;
before(async () => {
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
});
after(() => s.close());

async function signUp(): Promise<FormClient> {
  const client = new FormClient(origin);
  const email = `keys-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await client.submit("/account/signup", {
    name: "Owner",
    email,
    password: "a cellar of old riesling",
  });
  assert.equal(res.status, 303);
  return client;
}

const create = (client: FormClient, name: string) =>
  client.submit("/account/keys", { name, abilities: "*", rate_limit: "10" });

test("a key name with control or invisible characters is refused beside the field", async () => {
  const client = await signUp();
  for (const name of ["evil\u001b[31m", "two\nlines", "right\u202eleft", "zero\u200bwidth"]) {
    const res = await create(client, name);
    assert.equal(res.status, 422, JSON.stringify(name));
    assert.match(res.html, /id="key-name-error">The name may not contain control or invisible characters\./);
  }
  assert.equal((await create(client, "Château Shop — sync")).status, 303, "accents and dashes are fine");
});

test("a trial holds at most 3 active keys; revoking one frees a place", async () => {
  const client = await signUp();
  for (let i = 1; i <= 3; i++) assert.equal((await create(client, `k${i}`)).status, 303);
  assert.match(textOf((await client.get("/account/keys")).html), /3 of 3 active keys on your plan\./);
  const fourth = await create(client, "k4");
  assert.equal(fourth.status, 409);
  assert.match(textOf(fourth.html), /Your plan allows 3 active keys\. Revoke one to create another\./);
  const prefix = /data-prefix="(wds_[a-z0-9]{8})"/.exec((await client.get("/account/keys")).html)?.[1] ?? "";
  assert.equal((await client.submit(`/account/keys/${prefix}/revoke`, {})).status, 303);
  assert.equal((await create(client, "k4")).status, 303);
});
