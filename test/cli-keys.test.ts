/**
 * `winedata keys` against what users type and what old rows hold: key names refused or shown
 * escaped, and the plan's cap on active keys, in separate processes on a real database file.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { createAccount } from "../src/modules/accounts/accounts.service.ts";
import { issueKey, revokeKey } from "../src/modules/api-keys/api-keys.service.ts";
import { failing, winedata } from "./cli-run.ts";

const dir = mkdtempSync(join(tmpdir(), "wds-cli-keys-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("keys create refuses an unprintable name (exit 2); stored names and account names are listed escaped", async () => {
  const path = join(dir, "names.db");
  const env = { DATABASE_URL: `sqlite:${path}` };
  const account = await winedata(
    [
      "accounts",
      "create",
      "--name",
      "Evil\u001b]0;owned\u0007",
      "--email",
      "names@cellar.example",
      "--plan",
      "trial",
    ],
    env,
  );
  assert.match(account.stdout, /created: Evil\\u001b\]0;owned\\u0007 <names@cellar\.example>/);
  assert.ok(!account.stdout.includes("\u001b"), "no escape character reaches the terminal");

  for (const name of ["red\u001b[31m", "two\nlines"]) {
    const { code, stderr } = await failing(
      ["keys", "create", "--email", "names@cellar.example", "--name", name],
      env,
    );
    assert.equal(code, 2, JSON.stringify(name));
    assert.match(stderr, /^--name: The key name must not contain control or invisible formatting characters/);
  }
  assert.equal(
    (await winedata(["keys", "list", "--email", "names@cellar.example"], env)).stdout,
    "No keys.\n",
  );

  // Rows stored before the rule (or written past it): a screen clear, a forged row, a bidi override.
  const db = openDatabase({ kind: "sqlite", path });
  try {
    const owner = await db.kysely
      .selectFrom("accounts")
      .select("id")
      .where("email", "=", "names@cellar.example")
      .executeTakeFirstOrThrow();
    const row = (prefix: string, name: string) => ({
      account_id: owner.id,
      name,
      prefix,
      secret_hash: "0".repeat(64),
      abilities: '["*"]',
      rate_limit_per_minute: 60,
      created_at: new Date().toISOString(),
    });
    await db.kysely
      .insertInto("api_keys")
      .values([
        row("wds_aaaaaaaa", "x\u001b[2J\u001b[H\nwds_forged00\tadmin\t*\t600/min\tactive\tlast used never"),
        row("wds_bbbbbbbb", "safe\u202egnp.exe\u200b"),
      ])
      .execute();
  } finally {
    await db.destroy();
  }
  const listed = (await winedata(["keys", "list", "--email", "names@cellar.example"], env)).stdout;
  const lines = listed.trimEnd().split("\n");
  assert.equal(lines.length, 2, listed);
  assert.ok(lines[0]?.startsWith("wds_bbbbbbbb\tsafe\\u202egnp.exe\\u200b\t*\t60/min\tactive"), lines[0]);
  assert.ok(
    lines[1]?.startsWith(
      "wds_aaaaaaaa\tx\\u001b[2J\\u001b[H\\u000awds_forged00\\u0009admin\\u0009*\\u0009600/min\\u0009active\\u0009last used never\t*\t60/min\tactive",
    ),
    lines[1],
  );
  for (const raw of ["\u001b", "\u202e", "\u200b"]) assert.ok(!listed.includes(raw), JSON.stringify(raw));
  assert.equal(listed.split("\t").length, 2 * 6 - 1, "five tabs a line, none from a name");
});

test("the plan's key cap: a trial's fourth key is refused (exit 2) unless --force; revoking frees a place", async () => {
  const path = join(dir, "cap.db");
  const env = { DATABASE_URL: `sqlite:${path}` };
  // The account and its first three keys made in process (keys create itself is tested in cli.test.ts).
  const db = openDatabase({ kind: "sqlite", path });
  const prefixes: string[] = [];
  try {
    await migrateToLatest(db);
    const now = new Date();
    const account = await createAccount(db.kysely, {
      name: "Trial",
      email: "cap@cellar.example",
      plan: "trial",
      now,
    });
    for (const name of ["one", "two", "three"])
      prefixes.push((await issueKey(db.kysely, { account, name, now })).row.prefix);
  } finally {
    await db.destroy();
  }
  const create = ["keys", "create", "--email", "cap@cellar.example", "--json", "--name"];

  const refused = await failing([...create, "four"], env);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /^The trial plan allows 3 active keys per account; revoke one .*--force/);
  const forced = JSON.parse((await winedata([...create, "four", "--force"], env)).stdout);
  assert.match(forced.key, /^wds_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);

  await winedata(["keys", "revoke", prefixes[0] as string], env);
  assert.equal((await failing([...create, "five"], env)).code, 2, "four active, the forced one included");
  const revoke = openDatabase({ kind: "sqlite", path });
  try {
    assert.ok(await revokeKey(revoke.kysely, prefixes[1] as string, new Date()));
  } finally {
    await revoke.destroy();
  }
  assert.equal(
    JSON.parse((await winedata([...create, "five"], env)).stdout).name,
    "five",
    "two places freed",
  );
  const listed = (await winedata(["keys", "list", "--email", "cap@cellar.example"], env)).stdout;
  assert.equal(listed.match(/\tactive\t/g)?.length, 3);
});
