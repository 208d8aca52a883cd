import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { CatalogueVersionWatch } from "./catalogue-version.ts";

/** A stored version that answers at once, or not until `answer` is called. */
function storedVersion(start: number) {
  let value = start;
  let hang = false;
  const waiting: (() => void)[] = [];
  return {
    read: () =>
      hang ? new Promise<number>((resolve) => waiting.push(() => resolve(value))) : Promise.resolve(value),
    set(next: number, hangs: boolean) {
      value = next;
      hang = hangs;
    },
    answer() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

const PENDING = Symbol("pending");
/** The value of `promise`, or PENDING when it has not settled after `ms`. */
const settledWithin = (promise: number | Promise<number>, ms: number) =>
  Promise.race([Promise.resolve(promise), sleep(ms).then(() => PENDING)]);

test("a periodic re-read that hangs leaves the last version in use; it is taken once it answers", async () => {
  const stored = storedVersion(7);
  const watch = new CatalogueVersionWatch(stored.read, 0);
  assert.equal(await watch.current(), 7);
  stored.set(8, true);
  // The database does not answer: the request goes on with the version it knew.
  assert.equal(await settledWithin(watch.current(), 1_000), 7);
  stored.answer();
  await sleep(0);
  stored.set(8, false);
  assert.equal(await watch.current(), 8);
});

test("after changed() (an import in this process) the next use waits for the read", async () => {
  const stored = storedVersion(1);
  const watch = new CatalogueVersionWatch(stored.read, 60_000);
  assert.equal(await watch.current(), 1);
  assert.equal(watch.current(), 1); // known recently: no read, no promise
  stored.set(2, true);
  watch.changed();
  const next = watch.current();
  assert.equal(await settledWithin(next, 500), PENDING); // not the stale 1
  stored.answer();
  assert.equal(await next, 2);
  assert.equal(watch.current(), 2);
});

test("the first read is waited for, and its failure is the caller's", async () => {
  const watch = new CatalogueVersionWatch(() => Promise.reject(new Error("no such table")), 0);
  await assert.rejects(Promise.resolve(watch.current()), /no such table/);
});
