import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { collectedLog, startTestService, type TestService } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/database.ts";
import { fold } from "../../domain/text-folding.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../catalogue/catalogue.service.ts";
import { parseXWines } from "../catalogue/xwines.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

interface Hit {
  id: number;
  display_name: string;
}
async function ids(q: string, limit = 10): Promise<number[]> {
  const res = await s.request(`/wines/search?q=${encodeURIComponent(q)}&limit=${limit}`);
  assert.equal(res.status, 200, q);
  assert.equal(res.body.meta.count, res.body.data.length);
  return res.body.data.map((w: Hit) => w.id);
}
async function names(q: string, limit = 10): Promise<string[]> {
  const res = await s.request(`/wines/search?q=${encodeURIComponent(q)}&limit=${limit}`);
  return res.body.data.map((w: Hit) => w.display_name);
}

// Wines of the bundled catalogue used below.
const ORIGEM_MERLOT = 100062; // Casa Valduga Origem Merlot
const GRANGE = 174184; // Penfolds Grange
const KOONUNGA = 174177; // Penfolds Koonunga Hill Shiraz-Cabernet
const MARGAUX = 111987; // Château Margaux Margaux du Château Margaux
const MEIOMI_ROSE = 180152; // Meiomi Rosé
const CAYMUS_CS = 179012; // Caymus Cabernet Sauvignon
const WHITEHAVEN_SB = 193486; // Whitehaven Sauvignon Blanc
const SIMONSIG_GEWURZ = 172038; // Simonsig Gewürztraminer
const KETTMEIR_MT = 140262; // Kettmeir Müller Thurgau Alto Adige
const FIGEAC = 111475; // Château Figeac Saint-Émilion Grand Cru (Premier Grand Cru Classé)
const MOTTE_PINOT = 111641; // Domaine de la Motte Pinot Noir

describe("GET /wines/search: typo tolerance", () => {
  test("one typo in words of 4–7 letters, transpositions count as one", async () => {
    assert.equal((await ids("Penfods Grange"))[0], GRANGE);
    assert.equal((await ids("casa vladuga origem merlot"))[0], ORIGEM_MERLOT);
    assert.equal((await ids("meiomi rsoe"))[0], MEIOMI_ROSE);
  });

  test("two typos in words of 8 letters or more, not in shorter ones", async () => {
    assert.equal((await ids("penfolds kounonga"))[0], KOONUNGA);
    // "grnaeg" is two edits from "grange" (6 letters: one allowed).
    assert.ok(!(await ids("grnaeg")).includes(GRANGE));
    assert.deepEqual(await ids("zzkoonungazz xqxq"), []);
  });

  test("exact matches rank above (and, when there are some, exclude) typo matches", async () => {
    // "grange" is one edit from "orange" (Esse unpluugged Rkatsiteli Orange): not listed.
    const grange = await names("grange", 20);
    assert.ok(grange.length > 0);
    assert.ok(grange.every((n) => /grange/i.test(n)));
    // Whole word "rose" before words merely starting with it.
    const rose = await names("rose", 100);
    const whole = rose.map((n) => fold(n).split(" ").includes("rose"));
    assert.ok(whole[0] === true && whole.indexOf(false) !== -1, rose.join(" | "));
    assert.ok(!whole.slice(whole.indexOf(false)).includes(true), rose.join(" | "));
  });
});

describe("GET /wines/search: what people type", () => {
  test("prefix of the last word (as you type)", async () => {
    assert.equal((await ids("casa valduga orig"))[0], ORIGEM_MERLOT);
    assert.equal((await ids("penfolds koon"))[0], KOONUNGA);
  });

  test("words in any order; wine name without producer", async () => {
    assert.equal((await ids("merlot origem valduga casa"))[0], ORIGEM_MERLOT);
    assert.equal((await ids("valduga merlot"))[0], ORIGEM_MERLOT);
    assert.equal((await ids("Koonunga Hill Shiraz-Cabernet"))[0], KOONUNGA);
  });

  test("missing space", async () => {
    const valduga = await names("casavalduga");
    assert.ok(valduga.length > 0 && valduga.every((n) => n.startsWith("Casa Valduga")));
    assert.equal((await ids("penfolds koonungahill shiraz"))[0], KOONUNGA);
  });

  test("transliterations: ue/oe/ae for umlauts, Chateau for Château", async () => {
    assert.ok((await ids("Gewuerztraminer")).includes(SIMONSIG_GEWURZ));
    assert.equal((await ids("Mueller-Thurgau kettmeir"))[0], KETTMEIR_MT);
    assert.equal((await ids("Chateau Margaux"))[0], MARGAUX);
  });

  test("abbreviations: Ch., St., Dom., Cab Sauv, Sauv Blanc", async () => {
    assert.equal((await ids("Ch. Margaux"))[0], MARGAUX);
    assert.ok((await ids("Ch. Figeac St.-Emilion")).includes(FIGEAC));
    assert.equal((await ids("Dom. de la Motte Pinot Noir"))[0], MOTTE_PINOT);
    assert.equal((await ids("caymus cab sauv"))[0], CAYMUS_CS);
    assert.equal((await ids("whitehaven sauv blanc"))[0], WHITEHAVEN_SB);
  });

  test("accent- and case-insensitive both ways", async () => {
    assert.equal((await ids("MEIOMI ROSE"))[0], MEIOMI_ROSE);
    assert.equal((await ids("meiomi rosé"))[0], MEIOMI_ROSE);
    assert.equal((await ids("château figeac saint émilion"))[0], FIGEAC);
  });

  test("limit: default 20, at most 100", async () => {
    assert.equal((await s.request("/wines/search?q=chateau")).body.data.length, 20);
    const many = (await ids("chateau", 100)).length; // Château … and, as a prefix, Châteauneuf …
    assert.ok(many > 20 && many <= 100, String(many));
  });
});

describe("GET /wines/search: namesakes, popularity and total_matches", () => {
  // Bundled wines renamed to an invented name: three producers' "Zephyr Cuvée" with 3, 9 and 6
  // listed vintages, one "Zephyr Cuvée Reserve" (30 vintages), and a producer whose name repeats
  // the first one's (title + name + name) with its own "Zephyr Cuvée" (50 vintages).
  let t: TestService;
  const named: Record<"a" | "b" | "c" | "reserve" | "twice", number> = {
    a: 0,
    b: 0,
    c: 0,
    reserve: 0,
    twice: 0,
  };
  let producerA = "";
  const years = (n: number) => Array.from({ length: n }, (_, i) => 2020 - i);
  before(async () => {
    t = await startTestService();
    const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const byProducer = new Map<number, typeof catalogue.wines>();
    for (const w of [...catalogue.wines].sort((x, y) => x.id - y.id))
      byProducer.set(w.producerId, [...(byProducer.get(w.producerId) ?? []), w]);
    const [a1, a2] = [...byProducer.values()].find((list) => list.length >= 2) ?? [];
    const others = [...byProducer.values()].filter((list) => list[0]?.producerId !== a1?.producerId);
    const [b, c] = [others[0]?.[0], others[1]?.[0]];
    assert.ok(a1 && a2 && b && c);
    const producer = catalogue.producers.find((p) => p.id === a1.producerId);
    assert.ok(producer);
    producerA = [producer.title, producer.name].filter(Boolean).join(" ");
    const twiceProducer = { ...producer, id: 900_001, name: `${producer.name} ${producer.name}` };
    catalogue.producers.push(twiceProducer);
    const twice = {
      ...a1,
      id: 9_000_001,
      producerId: twiceProducer.id,
      name: "Zephyr Cuvée",
      vintages: years(50),
    };
    catalogue.wines.push(twice);
    Object.assign(a1, { name: "Zephyr Cuvée", vintages: years(3) });
    Object.assign(b, { name: "Zephyr Cuvée", vintages: years(9) });
    Object.assign(c, { name: "Zephyr Cuvée", vintages: years(6) });
    Object.assign(a2, { name: "Zephyr Cuvée Reserve", vintages: years(30) });
    Object.assign(named, { a: a1.id, b: b.id, c: c.id, reserve: a2.id, twice: twice.id });
    const other = openDatabase(t.config.database);
    try {
      await writeCatalogue(other.kysely, catalogue);
    } finally {
      await other.destroy();
    }
    await sleep(1100);
  });
  after(() => t.close());

  const search = async (q: string, limit = 10) => {
    const res = await t.request(`/wines/search?q=${encodeURIComponent(q)}&limit=${limit}`);
    assert.equal(res.status, 200, q);
    return res.body as { data: Hit[]; meta: { query: string; count: number; total_matches: number } };
  };

  test("a wine name alone: the wines of that name by listed vintages, then longer names", async () => {
    const { data, meta } = await search("zephyr cuvee");
    assert.deepEqual(
      data.map((w) => w.id),
      [named.twice, named.b, named.c, named.a, named.reserve],
    );
    assert.deepEqual(meta, { query: "zephyr cuvee", count: 5, total_matches: 5 });
  });

  test("the exact producer and wine name first among namesakes, even less popular ones", async () => {
    const { data } = await search(`${producerA} Zephyr Cuvée`);
    assert.equal(data[0]?.id, named.a, JSON.stringify(data.slice(0, 3)));
    // The producer repeating the name has every word of the query, and one more.
    assert.ok(data.findIndex((w) => w.id === named.twice) > 0);
  });

  test("total_matches: every match, whatever the limit; count: those returned", async () => {
    assert.deepEqual((await search("Zephyr Cuvée", 2)).meta, {
      query: "Zephyr Cuvée",
      count: 2,
      total_matches: 5,
    });
    assert.deepEqual((await search("Zephyr Cuvée Res", 2)).meta.total_matches, 1);
    assert.deepEqual((await search("Zephyr Cuvée Resrve", 2)).meta.total_matches, 1); // a typo
    assert.deepEqual((await search("qqqqq zzzzz")).meta, {
      query: "qqqqq zzzzz",
      count: 0,
      total_matches: 0,
    });
    const all = await search("chateau", 100);
    const few = await search("chateau", 3);
    assert.equal(few.meta.total_matches, all.meta.total_matches);
    assert.ok(all.meta.total_matches >= all.meta.count && few.meta.count === 3);
  });

  test("total_matches is described in the OpenAPI document", async () => {
    const doc = (await t.request("/openapi.json", { key: null })).body;
    const meta =
      doc.paths["/v1/wines/search"].get.responses["200"].content["application/json"].schema.properties.meta;
    assert.equal(meta.properties.total_matches.type, "integer");
    assert.match(meta.properties.total_matches.description, /without limit/);
    assert.ok(meta.required.includes("total_matches"));
  });
});

describe("GET /wines/search follows imports", () => {
  test("an import of changed data (another connection, as the CLI) is seen within a second", async () => {
    assert.equal((await ids("origem merlot"))[0], ORIGEM_MERLOT);
    const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const wine = catalogue.wines.find((w) => w.id === ORIGEM_MERLOT);
    assert.ok(wine);
    wine.name = "Zephyrine Reserva Merlot";
    const other = openDatabase(s.config.database);
    try {
      await writeCatalogue(other.kysely, catalogue);
    } finally {
      await other.destroy();
    }
    await sleep(1100);
    assert.deepEqual(await ids("zephyrine"), [ORIGEM_MERLOT]);
    assert.deepEqual(await names("casa valduga zephyrin"), ["Casa Valduga Zephyrine Reserva Merlot"]);
    assert.ok(!(await ids("origem merlot")).includes(ORIGEM_MERLOT));
  });
});

test("a service closed while its search index is built logs no failure and emits no process warning", async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on("warning", onWarning);
  try {
    for (let i = 0; i < 3; i++) {
      const { stream: logStream, lines } = collectedLog();
      // Closed at once: the build that started on listen is still reading the catalogue.
      const svc = await startTestService({ LOG_LEVEL: "warn" }, { logStream });
      await svc.app.close();
      await sleep(50);
      assert.deepEqual(
        lines.filter((l) => l.includes("search index")),
        [],
        "no log line about the search index",
      );
    }
    assert.deepEqual(
      warnings.filter((w) => w.includes("search index")),
      [],
      "no process warning about the search index",
    );
  } finally {
    process.off("warning", onWarning);
  }
});
