/**
 * What one cold list page's statement costs SQLite and better-sqlite3 alone, without HTTP: the
 * statement of `wineSummariesByIds` (wines joined to their producers, `id IN (…)` of 10–30 ids) run
 * directly on a prebuilt catalogue, for pages drawn like bench/load.ts's cold list rows (a run of a
 * region's wines in id order, or every 1st–4th wine of the whole list), PAGES pages (default 20,000),
 * three rounds; the last round is reported. Variants: rows as objects (what Kysely's driver asks
 * for), the same as arrays (`raw`), the wines' ids only (the B-tree lookups), and the wines' columns
 * without the join. Writes bench/results/list-page-sql.{json,md}.
 * Run: BENCH_DB=/tmp/m19/300k.db npx tsx bench/list-page-sql.ts
 */
import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { WINE_SUMMARY_COLUMNS } from "../src/db/wine-summary-columns.ts";

const path = process.env.BENCH_DB;
if (!path) throw new Error("BENCH_DB=path of a prebuilt SQLite catalogue (see bench/load-setup.ts)");
const PAGES = Number(process.env.PAGES ?? 20_000);
const db = new Database(path, { readonly: true });
const wines = db.prepare("select id, region_id from wines order by id").all() as {
  id: number;
  region_id: number;
}[];
const ids = wines.map((w) => w.id);
const byRegion = new Map<number, number[]>();
for (const w of wines) byRegion.set(w.region_id, [...(byRegion.get(w.region_id) ?? []), w.id]);
const regions = [...byRegion.values()];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const pages = Array.from({ length: PAGES }, () => {
  const per = 10 + Math.floor(Math.random() * 21);
  if (Math.random() < 0.5) {
    const region = pick(regions);
    const from = Math.floor(Math.random() * Math.max(1, region.length - per));
    return region.slice(from, from + per);
  }
  const from = Math.floor(Math.random() * (ids.length - 4 * per));
  const step = 1 + Math.floor(Math.random() * 4);
  return Array.from({ length: per }, (_, k) => ids[from + k * step] as number);
});

// The columns of wineSummariesByIds (the repository's own list, written as SQL): a summary without its
// region's columns, and the wine's region id.
const LIST_COLUMNS = [...WINE_SUMMARY_COLUMNS.filter((c) => !c.startsWith("r.")), "w.region_id"].join(", ");
const variants = [
  { name: "list statement, rows as objects", columns: LIST_COLUMNS, join: true, raw: false },
  { name: "list statement, rows as arrays", columns: LIST_COLUMNS, join: true, raw: true },
  {
    name: "wines' columns only (no join), objects",
    columns: [...WINE_SUMMARY_COLUMNS.filter((c) => c.startsWith("w.")), "w.producer_id", "w.region_id"].join(
      ", ",
    ),
    join: false,
    raw: false,
  },
  { name: "wines' ids only (B-tree lookups)", columns: "w.id", join: false, raw: false },
];

const rows = variants.map((variant) => {
  const statements = new Map<number, Database.Statement>();
  const statement = (n: number) => {
    let s = statements.get(n);
    if (s === undefined) {
      const join = variant.join ? "join producers p on p.id = w.producer_id" : "";
      s = db.prepare(
        `select ${variant.columns} from wines w ${join} where w.id in (${Array(n).fill("?").join(",")}) order by w.id`,
      );
      if (variant.raw) s.raw(true);
      statements.set(n, s);
    }
    return s;
  };
  let last = { us_per_page: 0, us_per_row: 0 };
  for (let round = 0; round < 3; round++) {
    let read = 0;
    const started = performance.now();
    for (const page of pages) read += statement(page.length).all(...page).length;
    const us = (performance.now() - started) * 1000;
    last = { us_per_page: Math.round(us / pages.length), us_per_row: Number((us / read).toFixed(2)) };
  }
  console.log(variant.name, last);
  return { variant: variant.name, ...last };
});
db.close();

const wineCount = ids.length.toLocaleString("en");
writeFileSync(
  new URL("results/list-page-sql.json", import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), wines: ids.length, pages: PAGES, rows }, null, 2)}\n`,
);
writeFileSync(
  new URL("results/list-page-sql.md", import.meta.url),
  [
    `# One cold list page's statement at ${wineCount} wines (${new Date().toISOString().slice(0, 10)})`,
    "",
    `better-sqlite3 directly, one thread, nothing else running; ${PAGES.toLocaleString("en")} pages of 10–30 wines`,
    "drawn like the load benchmark's cold list rows; the third of three rounds. See bench/list-page-sql.ts.",
    "",
    "| variant | µs a page | µs a row |",
    "|---|---|---|",
    ...rows.map((r) => `| ${r.variant} | ${r.us_per_page} | ${r.us_per_row} |`),
    "",
  ].join("\n"),
);
