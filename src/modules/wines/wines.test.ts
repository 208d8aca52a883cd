import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { catalogueVersion } from "../catalogue/catalogue.repository.ts";
import { SummaryRegions } from "./summary-regions.ts";
import { WinePositions } from "./wine-positions.ts";
import { producerNamePages, summaryRegions, wineListPages, wineSummariesByIds } from "./wines.repository.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

describe("GET /wines", () => {
  test("first page: Laravel envelope, 15 items, absolute links", async () => {
    const res = await s.request("/wines");
    assert.equal(res.status, 200);
    assert.equal(res.body.data.length, 15);
    assert.deepEqual(
      { ...res.body.meta },
      { current_page: 1, last_page: Math.ceil(1007 / 15), per_page: 15, total: 1007, from: 1, to: 15 },
    );
    assert.equal(res.body.links.prev, null);
    assert.equal(res.body.links.first, s.url("/wines?page=1"));
    assert.equal(res.body.links.next, s.url("/wines?page=2"));
    assert.equal(res.body.links.last, s.url(`/wines?page=${Math.ceil(1007 / 15)}`));
    const wine = res.body.data[0];
    assert.deepEqual(Object.keys(wine).sort(), [
      "color",
      "display_name",
      "id",
      // Additive (docs/decisions.md "Additive fields"): the multi-source catalogue's fields.
      "identifiers",
      "merged_into",
      "producer",
      "region",
      "residual_sugar",
      "status",
      "sub_type",
      "type",
      "updated_at",
    ]);
    assert.equal(wine.id, 100001);
    assert.deepEqual(Object.keys(wine.producer).sort(), ["display_name", "id", "name", "title"]);
    assert.deepEqual(Object.keys(wine.region).sort(), ["country", "id", "language", "name"]);
    assert.match(wine.region.country, /^[A-Z]{2}$/);
  });

  test("ids ascend across pages and never repeat", async () => {
    const one = await s.request("/wines?per_page=100&page=1");
    const two = await s.request("/wines?per_page=100&page=2");
    const ids = [...one.body.data, ...two.body.data].map((w: { id: number }) => w.id);
    assert.equal(new Set(ids).size, 200);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
  });

  test("per_page 1 and 100, last page, page past the end", async () => {
    const single = await s.request("/wines?per_page=1");
    assert.equal(single.body.data.length, 1);
    assert.equal(single.body.meta.last_page, 1007);
    const hundred = await s.request("/wines?per_page=100&page=11");
    assert.equal(hundred.body.data.length, 7);
    assert.deepEqual([hundred.body.meta.from, hundred.body.meta.to], [1001, 1007]);
    assert.equal(hundred.body.links.next, null);
    assert.equal(hundred.body.links.prev, s.url("/wines?per_page=100&page=10"));
    const past = await s.request("/wines?per_page=100&page=12");
    assert.equal(past.status, 200);
    assert.deepEqual(past.body.data, []);
    assert.equal(past.body.meta.from, null);
    assert.equal(past.body.meta.to, null);
    assert.equal(past.body.meta.last_page, 11);
  });

  test("filters combine and links keep them", async () => {
    const res = await s.request("/wines?color=red&sub_type=still&region_id=1001&per_page=5");
    assert.equal(res.status, 200);
    assert.ok(res.body.meta.total > 0);
    for (const w of res.body.data) {
      assert.equal(w.color, "red");
      assert.equal(w.sub_type, "still");
      assert.equal(w.region.id, 1001);
    }
    const next = new URL(res.body.links.next);
    assert.equal(next.searchParams.get("color"), "red");
    assert.equal(next.searchParams.get("region_id"), "1001");
    assert.equal(next.searchParams.get("page"), "2");
    const byProducer = await s.request("/wines?producer_id=10001");
    assert.ok(byProducer.body.data.every((w: { producer: { id: number } }) => w.producer.id === 10001));
    const sparkling = await s.request("/wines?sub_type=sparkling&per_page=100");
    assert.ok(sparkling.body.meta.total >= 100);
    const rose = await s.request("/wines?color=rose");
    assert.ok(rose.body.meta.total > 0);
  });

  test("invalid parameters give 422 in Laravel's shape", async () => {
    for (const [query, field] of [
      ["per_page=101", "per_page"],
      ["per_page=0", "per_page"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["color=blue", "color"],
      ["sub_type=fizzy", "sub_type"],
      ["region_id=x", "region_id"],
      ["lang=es", "lang"],
      ["page=1e20", "page"],
      ["producer_id=99999999999", "producer_id"],
    ] as const) {
      const res = await s.request(`/wines?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.code, "validation_failed");
      assert.ok(Array.isArray(res.body.errors[field]), `${query}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.message, res.body.errors[field][0]);
    }
    const res = await s.request("/wines?per_page=101");
    assert.equal(res.body.message, "The per_page field must not be greater than 100.");
  });

  test("residual sugar and region names are localized in lists", async () => {
    const en = await s.request("/wines?sub_type=sparkling&per_page=100");
    const de = await s.request("/wines?sub_type=sparkling&per_page=100", {
      headers: { "accept-language": "de" },
    });
    assert.equal(de.headers.get("content-language"), "de");
    assert.ok(en.body.data.some((w: { residual_sugar: string }) => w.residual_sugar === "brut"));
    const dry = (await s.request("/wines?color=red&per_page=100&lang=de")).body.data;
    assert.ok(dry.some((w: { residual_sugar: string }) => w.residual_sugar === "trocken"));
    assert.ok(dry.every((w: { region: { language: string } }) => w.region.language === "de"));
  });
});

describe("GET /wines/search", () => {
  test("finds Barolo wines, accent- and case-insensitive", async () => {
    const res = await s.request("/wines/search?q=Barolo");
    assert.equal(res.status, 200);
    assert.ok(res.body.data.length > 0);
    assert.equal(res.body.meta.query, "Barolo");
    assert.equal(res.body.meta.count, res.body.data.length);
    assert.ok(res.body.data.every((w: { display_name: string }) => /barolo/i.test(w.display_name)));
    assert.deepEqual(Object.keys(res.body.data[0]).sort(), [
      "color",
      "display_name",
      "id",
      "producer_display_name",
      "producer_name",
      "producer_title",
      "residual_sugar",
    ]);
    const accents = await s.request("/wines/search?q=CHATEAU");
    assert.ok(accents.body.data.some((w: { display_name: string }) => w.display_name.includes("Château")));
  });

  test("words in any order; limit caps the results", async () => {
    const res = await s.request("/wines/search?q=merlot%20valduga");
    assert.ok(res.body.data.some((w: { display_name: string }) => w.display_name.includes("Valduga")));
    const limited = await s.request("/wines/search?q=cabernet&limit=3");
    assert.equal(limited.body.data.length, 3);
    assert.equal(limited.body.meta.count, 3);
    assert.ok(limited.body.meta.total_matches > 3, JSON.stringify(limited.body.meta));
    const none = await s.request("/wines/search?q=zzzqqq");
    assert.deepEqual(none.body, { data: [], meta: { query: "zzzqqq", count: 0, total_matches: 0 } });
  });

  test("q under 3 characters, missing q or limit over 100: 422", async () => {
    const short = await s.request("/wines/search?q=ab");
    assert.equal(short.status, 422);
    assert.deepEqual(short.body, {
      message: "The q field must be at least 3 characters.",
      code: "validation_failed",
      errors: { q: ["The q field must be at least 3 characters."] },
    });
    const missing = await s.request("/wines/search");
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.errors, { q: ["The q field is required."] });
    assert.equal((await s.request("/wines/search?q=abc&limit=101")).status, 422);
    const blank = await s.request("/wines/search?q=%20%20%20%20");
    assert.deepEqual(
      [blank.status, blank.body.errors],
      [422, { q: ["The q field must be at least 3 characters."] }],
    );
  });
});

describe("GET /wines/{id}", () => {
  test("grapes in source order (wine_grapes.position), also where their ids run the other way", async () => {
    const db = s.app.catalogueDb;
    // Wines of several grapes whose positions do not follow their grape ids, and a few that do.
    const rows = await db
      .selectFrom("wine_grapes")
      .select(["wine_id", "grape_id", "position"])
      .where(
        "wine_id",
        "in",
        db
          .selectFrom("wine_grapes")
          .select("wine_id")
          .groupBy("wine_id")
          .having((eb) => eb.fn.countAll(), ">", 1),
      )
      .orderBy("wine_id")
      .orderBy("position")
      .execute();
    const byWine = new Map<number, number[]>();
    for (const r of rows) byWine.set(r.wine_id, [...(byWine.get(r.wine_id) ?? []), r.grape_id]);
    const wines = [...byWine].filter(([, ids]) => ids.some((id, i) => i > 0 && id < (ids[i - 1] as number)));
    assert.ok(wines.length > 0, "the catalogue has a wine whose grapes are not in id order");
    for (const [wineId, grapeIds] of [...wines.slice(0, 5), ...[...byWine].slice(0, 3)]) {
      const res = await s.request(`/wines/${wineId}`);
      assert.deepEqual(
        res.body.grapes.map((g: { id: number }) => g.id),
        grapeIds,
        `wine ${wineId}`,
      );
    }
  });

  test("detail is not wrapped, has every field, country in lower case", async () => {
    const res = await s.request("/wines/100001");
    assert.equal(res.status, 200);
    const w = res.body;
    assert.equal(w.id, 100001);
    assert.equal(w.data, undefined);
    assert.equal(w.color, "white");
    assert.equal(w.sub_type, "sparkling");
    assert.equal(w.region.country, "br");
    assert.equal(w.producer.id, 10001);
    assert.equal(w.display_name, `${w.producer.display_name} ${w.name}`);
    assert.ok(w.grapes.length >= 1 && typeof w.grapes[0].id === "number");
    assert.equal(w.description.language, "en");
    assert.ok(w.description.text.length > 20 && w.description.text_long.length > w.description.text.length);
    assert.ok(w.tasting_notes.text.length > 20 && w.pairing.text.length > 10);
    for (const v of Object.values(w.flavor_profile))
      assert.ok(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10);
    assert.equal(res.headers.get("content-language"), "en");
    assert.match(res.headers.get("vary") ?? "", /Accept-Language/);
  });

  test("language: lang beats Accept-Language; q-values and subtags; fallback en", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ "accept-language": "de-CH;q=0.9, en;q=0.8" }, "", "de"],
      [{ "accept-language": "es, it;q=0.5" }, "", "it"],
      [{ "accept-language": "en;q=0.2, fr;q=0.9" }, "", "fr"],
      [{ "accept-language": "es, pt" }, "", "en"],
      [{}, "", "en"],
      [{ "accept-language": "de" }, "?lang=fr", "fr"],
    ];
    for (const [headers, query, expected] of cases) {
      const res = await s.request(`/wines/100003${query}`, { headers });
      assert.equal(res.headers.get("content-language"), expected, JSON.stringify(headers));
    }
    assert.equal((await s.request("/wines/100003?lang=xx")).status, 422);
  });

  test("missing language falls back to English text and queues generation", async () => {
    const first = await s.request("/wines/100005?lang=it");
    assert.equal(first.status, 200);
    assert.equal(first.body.description.language, "en");
    let it = first;
    // The job runs on a worker thread started on demand: its start takes seconds on a busy machine.
    for (let i = 0; i < 1500 && it.body.description.language !== "it"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      it = await s.request("/wines/100005?lang=it");
    }
    assert.equal(it.body.description.language, "it");
    assert.notEqual(it.body.description.text, first.body.description.text);
  });

  test("unknown and non-numeric ids: 404 Wine not found.", async () => {
    for (const id of ["999999999", "abc", "0", "1.5"]) {
      const res = await s.request(`/wines/${id}?lang=de`);
      assert.equal(res.status, 404, id);
      assert.deepEqual(res.body, { message: "Wine not found.", code: "not_found" });
      // The message is English whatever was asked: the answer is not marked as German.
      assert.equal(res.headers.get("content-language"), null);
    }
  });
});

describe("GET /wines: every filter combination", () => {
  test("totals and pages (first, middle, last, past the end) agree with the table", async () => {
    const producer = await s.app.db
      .selectFrom("wines")
      .select("producer_id")
      .groupBy("producer_id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .executeTakeFirstOrThrow();
    const values = {
      color: [undefined, "red", "rose"],
      sub_type: [undefined, "sparkling"],
      region_id: [undefined, 1001],
      producer_id: [undefined, producer.producer_id],
    };
    for (const color of values.color)
      for (const subType of values.sub_type)
        for (const regionId of values.region_id)
          for (const producerId of values.producer_id) {
            let q = s.app.db.selectFrom("wines").select("id").orderBy("id");
            if (color) q = q.where("color", "=", color as "red");
            if (subType) q = q.where("sub_type", "=", subType as "sparkling");
            if (regionId) q = q.where("region_id", "=", regionId);
            if (producerId) q = q.where("producer_id", "=", producerId);
            const expected = (await q.execute()).map((r) => r.id);
            const params = Object.entries({
              color,
              sub_type: subType,
              region_id: regionId,
              producer_id: producerId,
            })
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => `${k}=${v}`);
            const last = Math.max(1, Math.ceil(expected.length / 7));
            for (const page of new Set([1, Math.ceil(last / 2), last, last + 1])) {
              const res = await s.request(`/wines?${[...params, "per_page=7", `page=${page}`].join("&")}`);
              const label = `${params.join("&")} page ${page}`;
              assert.equal(res.status, 200, label);
              assert.equal(res.body.meta.total, expected.length, label);
              assert.deepEqual(
                res.body.data.map((w: { id: number }) => w.id),
                expected.slice((page - 1) * 7, page * 7),
                label,
              );
            }
          }
  });

  test("the in-memory list positions and rows, read in many small pages, agree with the table", async () => {
    const positions = new WinePositions(
      () => wineListPages(s.app.db, 97),
      () => producerNamePages(s.app.db, 89),
    );
    const version = await catalogueVersion(s.app.db);
    const all = await s.app.db
      .selectFrom("wines")
      .select(["id", "color", "region_id"])
      .orderBy("id")
      .execute();
    const every = await positions.page(version, {}, 0, 5000);
    assert.deepEqual(
      every.ids,
      all.map((r) => r.id),
    );
    // Each wine's list row from memory is the row the list statement reads (producer, identifiers …).
    const ids = all.map((r) => r.id);
    assert.deepEqual(await positions.rows(version, ids), await wineSummariesByIds(s.app.db, ids));
    assert.deepEqual(await positions.rows(version, [ids[3] as number, 999_999_999, ids[1] as number]), [
      ...(await wineSummariesByIds(s.app.db, [ids[3] as number])),
      ...(await wineSummariesByIds(s.app.db, [ids[1] as number])),
    ]);
    const reds = all.filter((r) => r.color === "red").map((r) => r.id);
    const page = await positions.page(version, { color: "red" }, 290, 20);
    assert.equal(page.total, reds.length);
    assert.deepEqual(page.ids, reds.slice(290, 310));
    // Every region, whole and its reds, as the table has them; a region without wines is empty.
    for (const regionId of new Set(all.map((r) => r.region_id))) {
      const ofRegion = all.filter((r) => r.region_id === regionId);
      const whole = await positions.page(version, { regionId }, 0, 5000);
      assert.deepEqual(
        whole,
        { total: ofRegion.length, ids: ofRegion.map((r) => r.id) },
        `region ${regionId}`,
      );
      const redOfRegion = ofRegion.filter((r) => r.color === "red").map((r) => r.id);
      const second = await positions.page(version, { regionId, color: "red" }, 1, 2);
      assert.deepEqual(
        second,
        { total: redOfRegion.length, ids: redOfRegion.slice(1, 3) },
        `region ${regionId}`,
      );
    }
    assert.deepEqual(await positions.page(version, { regionId: -1 }, 0, 10), { total: 0, ids: [] });
  });
});

describe("GET /wines: regions of the items", () => {
  test("each item's region (name in the asked language, country) is the region's own, with and without filters", async () => {
    for (const lang of ["de", "en", "fr", "it"]) {
      for (const query of ["per_page=50&page=3", "color=white&per_page=50", "region_id=1001&per_page=20"]) {
        const res = await s.request(`/wines?${query}&lang=${lang}`);
        assert.equal(res.status, 200);
        assert.ok(res.body.data.length > 0, query);
        for (const wine of res.body.data) {
          const region = await s.app.db
            .selectFrom("regions")
            .selectAll()
            .where("id", "=", wine.region.id)
            .executeTakeFirstOrThrow();
          assert.deepEqual(
            wine.region,
            {
              id: region.id,
              name: region[`name_${lang}` as "name_en"],
              country: region.country,
              language: lang,
            },
            `${query} ${lang} wine ${wine.id}`,
          );
        }
      }
    }
  });

  test("the regions kept in memory follow the catalogue version (a renamed region shows its new name)", async () => {
    const regions = new SummaryRegions((ids) => summaryRegions(s.app.db, ids));
    const row = await s.app.db
      .selectFrom("regions")
      .selectAll()
      .where("id", "=", 1001)
      .executeTakeFirstOrThrow();
    const first = await regions.of(7, [1001, 1001, -5]);
    assert.equal(first.get(1001)?.name_en, row.name_en);
    assert.equal(first.has(-5), false);
    await s.app.db.updateTable("regions").set({ name_en: "Renamed Region" }).where("id", "=", 1001).execute();
    try {
      assert.equal((await regions.of(7, [1001])).get(1001)?.name_en, row.name_en, "same version: kept");
      assert.equal(
        (await regions.of(8, [1001])).get(1001)?.name_en,
        "Renamed Region",
        "new version: read again",
      );
    } finally {
      await s.app.db.updateTable("regions").set({ name_en: row.name_en }).where("id", "=", 1001).execute();
    }
  });
});
