/**
 * Every service process sees a new catalogue: two processes on one database answer a wine detail
 * and a search from their caches and indexes; the CLI (a third process) imports a changed catalogue;
 * both answer the new data within a few seconds, with no restart (the catalogue version each
 * process re-reads at most once a second, see plugins/catalogue-version.ts).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { BUNDLED_XWINES } from "../src/modules/catalogue/catalogue.service.ts";
import { catalogueCopyWithKey } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { ServiceProcess } from "./service-process.ts";

const run = promisify(execFile);
const ORIGEM_MERLOT = 100062; // "Origem Merlot" by Casa Valduga in the bundled catalogue
/** Longest time both processes may take to answer from the new catalogue. */
const SEEN_WITHIN_MS = 10_000;

const services: ServiceProcess[] = [];
after(() => Promise.all(services.map((s) => s.stop())));

test("an import by the CLI reaches the cached answers and the search index of two running processes", async (t) => {
  const { path, key } = await catalogueCopyWithKey();
  const env = { DATABASE_URL: `sqlite:${path}` };
  for (let i = 0; i < 2; i++) services.push(new ServiceProcess(await freePort(), env));
  await Promise.all(services.map((s) => s.start()));
  const get = async (service: ServiceProcess, p: string) => {
    const res = await fetch(`http://127.0.0.1:${service.port}/v1${p}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.status, 200, `${p}: ${res.status}`);
    return (await res.json()) as { display_name: string; data: { id: number }[] };
  };
  const detail = `/wines/${ORIGEM_MERLOT}`;
  const search = "/wines/search?q=zephyrine";
  for (const service of services) {
    assert.equal((await get(service, detail)).display_name, "Casa Valduga Origem Merlot");
    // Asked twice: the second answer comes from the response cache.
    assert.equal((await get(service, detail)).display_name, "Casa Valduga Origem Merlot");
    assert.deepEqual((await get(service, search)).data, []);
  }

  const changed = readFileSync(BUNDLED_XWINES, "utf8").replace(
    `${ORIGEM_MERLOT},Origem Merlot,`,
    `${ORIGEM_MERLOT},Zephyrine Reserva Merlot,`,
  );
  assert.ok(changed.includes("Zephyrine Reserva Merlot"));
  const csv = `${path}.changed.csv`;
  writeFileSync(csv, changed);
  await run(process.execPath, ["--import", "tsx", "src/cli.ts", "import", "--xwines", csv], {
    env: { ...process.env, DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: "warn" },
  });
  const imported = performance.now();

  const seen = await Promise.all(
    services.map(async (service) => {
      for (;;) {
        const name = (await get(service, detail)).display_name;
        const found = (await get(service, search)).data.map((w) => w.id);
        if (name === "Casa Valduga Zephyrine Reserva Merlot" && found[0] === ORIGEM_MERLOT) {
          return Math.round(performance.now() - imported);
        }
        assert.ok(performance.now() - imported < SEEN_WITHIN_MS, `not seen within ${SEEN_WITHIN_MS} ms`);
        await sleep(100);
      }
    }),
  );
  t.diagnostic(`new catalogue answered by both processes ${seen.join(" and ")} ms after the import`);
});
