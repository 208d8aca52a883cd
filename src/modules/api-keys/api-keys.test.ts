/**
 * Issuing keys on a real database (SQLite, and PostgreSQL in the shared pass): the key-name rule and
 * the plan's cap on active keys, also against keys issued at the same moment.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import type { AccountRow, Plan } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { createAccount } from "../accounts/accounts.service.ts";
import { PLANS } from "../accounts/plans.ts";
import { listKeysOfAccount } from "./api-keys.repository.ts";
import { issueKey, KEY_NAME_MAX_LENGTH, keyNameProblem, revokeKey } from "./api-keys.service.ts";

describe("keyNameProblem", () => {
  test("accepts printable names of 1 to 100 characters, counted after trimming", () => {
    for (const name of [
      "prod",
      "Shop sync",
      "Kellerei Süd",
      "ワイン",
      "🍷 cellar",
      "  padded  ",
      "a\\u001b",
    ]) {
      assert.equal(keyNameProblem(name), null, JSON.stringify(name));
    }
    assert.equal(keyNameProblem("🍷".repeat(KEY_NAME_MAX_LENGTH)), null, "code points, not UTF-16 units");
    assert.equal(keyNameProblem(` ${"x".repeat(KEY_NAME_MAX_LENGTH)} `), null);
  });

  test("refuses empty, too long and unprintable names", () => {
    assert.equal(keyNameProblem(""), "empty");
    assert.equal(keyNameProblem(" \t "), "empty");
    assert.equal(keyNameProblem("x".repeat(KEY_NAME_MAX_LENGTH + 1)), "too_long");
    const unprintable = {
      "escape code": "red\u001b[31m",
      "OSC title": "a\u001b]0;owned\u0007",
      "tab (a forged column)": "a\tb",
      "newline (a forged row)": "a\nwds_forged\tadmin",
      "carriage return": "a\rb",
      DEL: "a\u007fb",
      "C1 control (CSI)": "a\u009b31mb",
      "next line (C1)": "a\u0085b",
      "bidi override": "safe\u202egnp.exe",
      "bidi isolate": "a\u2066b",
      "zero-width space": "ad\u200bmin",
      "zero-width joiner": "a\u200db",
      "soft hyphen": "a\u00adb",
      "byte order mark": "a\ufeffb",
      "line separator": "a\u2028b",
      "paragraph separator": "a\u2029b",
      "tag character": "a\u{e0041}b",
      "lone surrogate": "a\ud800b",
    };
    for (const [what, name] of Object.entries(unprintable)) {
      assert.equal(keyNameProblem(name), "not_printable", what);
    }
  });
});

describe("issueKey", () => {
  let s: TestService;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  const newAccount = (plan: Plan): Promise<AccountRow> =>
    createAccount(s.app.db, {
      name: `Keys ${plan}`,
      email: `keys-${randomUUID().slice(0, 8)}@example.com`,
      plan,
      now: s.clock.now(),
    });
  const issue = (account: AccountRow, name: string, exceedKeyCap?: boolean) =>
    issueKey(s.app.db, { account, name, now: s.clock.now(), exceedKeyCap });
  const refusedWith = (code: string, status: number, message: RegExp) => (err: unknown) => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, code);
    assert.equal(err.status, status);
    assert.match(err.message, message);
    return true;
  };

  test("refuses a bad name (validation_failed on name), stores a good one trimmed", async () => {
    const account = await newAccount("trial");
    for (const name of ["   ", "x".repeat(101), "ok\u001b[2J", "row\nwds_forged", "a\u202eb"]) {
      await assert.rejects(issue(account, name), (err: unknown) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, "validation_failed");
        assert.equal(err.status, 422);
        assert.deepEqual(Object.keys(err.options.errors ?? {}), ["name"]);
        return true;
      });
    }
    assert.deepEqual(await listKeysOfAccount(s.app.db, account.id), [], "nothing stored");
    const { row } = await issue(account, "  Shop sync  ");
    assert.equal(row.name, "Shop sync");
  });

  test("caps active keys per plan (trial 3, standard 10, enterprise 100); the next is key_limit_reached", async () => {
    assert.deepEqual(
      Object.fromEntries(Object.entries(PLANS).map(([plan, limits]) => [plan, limits.maxActiveKeys])),
      { trial: 3, standard: 10, enterprise: 100 },
      "the caps of issue 33",
    );
    for (const plan of ["trial", "standard", "enterprise"] as const) {
      const account = await newAccount(plan);
      const cap = PLANS[plan].maxActiveKeys;
      for (let i = 1; i <= cap; i++) await issue(account, `key ${i}`);
      await assert.rejects(
        issue(account, "one more"),
        refusedWith("key_limit_reached", 409, new RegExp(`${plan} plan allows ${cap} active keys`)),
      );
      assert.equal((await listKeysOfAccount(s.app.db, account.id)).length, cap, plan);
    }
  });

  test("a revoked or expired key frees a place; exceedKeyCap passes the cap", async () => {
    const account = await newAccount("trial");
    const first = await issue(account, "first");
    const second = await issue(account, "second");
    await issue(account, "third");
    await assert.rejects(issue(account, "fourth"), refusedWith("key_limit_reached", 409, /3 active keys/));

    assert.equal(await revokeKey(s.app.db, first.row.prefix, s.clock.now()), true);
    await issue(account, "fourth");
    await assert.rejects(issue(account, "fifth"), refusedWith("key_limit_reached", 409, /3 active keys/));

    await s.app.db
      .updateTable("api_keys")
      .set({ expires_at: new Date(s.clock.now().getTime() - 1000).toISOString() })
      .where("prefix", "=", second.row.prefix)
      .execute();
    await issue(account, "fifth");

    const forced = await issue(account, "operator's extra", true);
    assert.equal(forced.row.revoked_at, null);
    await assert.rejects(issue(account, "sixth"), refusedWith("key_limit_reached", 409, /3 active keys/));
    const active = (await listKeysOfAccount(s.app.db, account.id)).filter((k) => k.revoked_at === null);
    assert.equal(active.length, 5, "third, fourth, fifth, the expired second and the forced one");
  });

  test("keys issued at the same moment do not pass the cap together", async () => {
    const account = await newAccount("trial");
    if (s.config.database.kind === "postgres") {
      // Eight pool connections open at once, so the eight keys below run on connections of their
      // own, side by side (SQLite has one connection; its transactions run one after the other).
      let arrived = 0;
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
      await Promise.all(
        Array.from({ length: 8 }, () =>
          s.app.db.transaction().execute(async (trx) => {
            await trx.selectFrom("accounts").select("id").limit(1).execute();
            if (++arrived === 8) openGate();
            await gate;
          }),
        ),
      );
    }
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => issue(account, `race ${i}`)),
    );
    const refused = results.filter((r) => r.status === "rejected");
    assert.equal(results.length - refused.length, PLANS.trial.maxActiveKeys);
    for (const r of refused) refusedWith("key_limit_reached", 409, /3 active keys/)(r.reason);
    assert.equal((await listKeysOfAccount(s.app.db, account.id)).length, PLANS.trial.maxActiveKeys);
  });
});
