/**
 * A shop clerk's queries for imported wines (issue 34): "a query for an imported wine (producer and
 * wine as people type them: lower case, no accents, one typo in three) finds it in the top 3 for
 * ≥ 95 % of queries".
 *
 * Catalogue: the merged catalogue of bench/merged-catalogue.ts (bundled X-Wines + the LWIN benchmark
 * file, texts skipped), built once into CLERK_DB (default /tmp/merged-catalogue.db) and reused.
 * Wines sampled (seeded): SAMPLE wines known only from LWIN (ids > 10,000,000; default 4,000) and
 * every X-Wines wine the import linked to an LWIN record ("linked"). Each sampled wine is assigned to
 * the development or the held-out half by its id (a seeded hash), so a search change is fitted on
 * the development queries only and judged on the held-out ones.
 *
 * A query is made from the wine's producer (title and name) and wine name as a clerk types them
 * (clerkQuery): lower case, accents removed; the producer's title ("Château", "Weingut" …)
 * dropped in half the queries that have one; word order changed in one query in four (the wine name
 * first, or two neighbouring words swapped); one typo (insertion, deletion, substitution or swap of
 * neighbouring letters, in a word of 4+ letters) in every third query. Seed {@link SEED}.
 *
 * Engine: the service's search (`InMemoryWineSearch.search(q, 10)`, what GET /v1/wines/search
 * answers) run in process on the same database: over HTTP the figures are the same and 10,000
 * queries would only add the HTTP round trips to the run time.
 * A hit: the wine, or a namesake (a wine whose folded producer and wine name are the same, which no
 * query can tell apart), at rank ≤ k; "one wine" counts only the wine itself.
 *
 * Writes bench/results/clerk-queries.{md,json} (RESULTS_DIR to change).
 *   npx tsx bench/clerk-queries.ts   (CLERK_DB=… CLERK_LWIN=/tmp/catalogue-files/lwin.csv SAMPLE=4000)
 */
import { writeFileSync } from "node:fs";
import { fold } from "../src/domain/text-folding.ts";
import { catalogueVersion } from "../src/modules/catalogue/catalogue.repository.ts";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { InMemoryWineSearch } from "../src/modules/search/wine-search.ts";
import { type ClerkWine, clerkQuery, type Hits, hitRanks, splitOf } from "./clerk-query-maker.ts";
import { openMergedCatalogue } from "./merged-catalogue.ts";

export const SEED = 20261127;
const K = 10;
const dbPath = process.env.CLERK_DB ?? "/tmp/merged-catalogue.db";
const lwinFile = process.env.CLERK_LWIN ?? "/tmp/catalogue-files/lwin.csv";
const SAMPLE = Number(process.env.SAMPLE ?? 4000);
const RESULTS_DIR = process.env.RESULTS_DIR ?? "bench/results";

const { db, counts } = await openMergedCatalogue(dbPath, lwinFile);
const rows = await db.kysely
  .selectFrom("wines as w")
  .innerJoin("producers as p", "p.id", "w.producer_id")
  .leftJoin("wine_sources as s", (j) => j.onRef("s.wine_id", "=", "w.id").on("s.source", "=", "lwin"))
  .select([
    "w.id",
    "w.name",
    "p.name as producer",
    "p.title",
    "p.display_name as producerDisplay",
    "s.key as lwin",
  ])
  .orderBy("w.id")
  .execute();
/** Folded producer + wine name → wine ids (namesakes). */
const byName = new Map<string, number[]>();
const wines = new Map<number, ClerkWine & { lwin: string | null }>();
for (const r of rows) {
  if (wines.has(r.id)) continue;
  const w = { id: r.id, producer: r.producer, title: r.title, wine: r.name, lwin: r.lwin };
  wines.set(r.id, w);
  const key = `${fold(r.producerDisplay)}|${fold(r.name)}`;
  byName.set(key, [...(byName.get(key) ?? []), r.id]);
}
/** Folded producer name without its title + wine name → wine ids (what a query without the title names). */
const byBareName = new Map<string, number[]>();
for (const w of wines.values()) {
  const key = `${fold(w.producer)}|${fold(w.wine)}`;
  byBareName.set(key, [...(byBareName.get(key) ?? []), w.id]);
}
const namesakes = (w: ClerkWine) =>
  byName.get(`${fold([w.title, w.producer].filter(Boolean).join(" "))}|${fold(w.wine)}`) ?? [w.id];

const rand = mulberry32(SEED);
const lwinOnly = [...wines.values()].filter((w) => w.id > 10_000_000);
const linked = [...wines.values()].filter((w) => w.id < 10_000_000 && w.lwin !== null);
// Seeded sample without replacement (partial Fisher–Yates).
for (let i = 0; i < Math.min(SAMPLE, lwinOnly.length); i++) {
  const j = i + Math.floor(rand() * (lwinOnly.length - i));
  [lwinOnly[i], lwinOnly[j]] = [
    lwinOnly[j] as ClerkWine & { lwin: string },
    lwinOnly[i] as ClerkWine & { lwin: string },
  ];
}
const sets = { "LWIN only": lwinOnly.slice(0, SAMPLE), "X-Wines linked to LWIN": linked };

const search = new InMemoryWineSearch(db.kysely, () => catalogueVersion(db.kysely));
await search.prepare();

interface Row extends Hits {
  set: string;
  split: "dev" | "held-out";
  q: string;
  typo: boolean;
  wine: number;
  name: string;
  got: number[];
  /** Rank of the first wine the query names: a namesake, or when the title was dropped any wine of a producer of that name (any title) with that wine name. */
  namedRank: number | null;
}
const results: Row[] = [];
let n = 0;
for (const [set, list] of Object.entries(sets)) {
  for (const w of list) {
    const made = clerkQuery(w, n++, rand);
    const got = await search.search(made.q, K);
    results.push({
      set,
      split: splitOf(w.id, SEED),
      q: made.q,
      typo: made.typo,
      wine: w.id,
      name: [w.title, w.producer, w.wine].filter(Boolean).join(" "),
      got,
      ...hitRanks(got, w.id, namesakes(w)),
      namedRank: hitRanks(
        got,
        w.id,
        made.titleDropped ? (byBareName.get(`${fold(w.producer)}|${fold(w.wine)}`) ?? [w.id]) : namesakes(w),
      ).rank,
    });
  }
}
const names = async (ids: number[]) => {
  const found = await db.kysely
    .selectFrom("wines")
    .select(["id", "display_name"])
    .where("id", "in", ids.length ? ids : [0])
    .execute();
  const m = new Map(found.map((f) => [f.id, f.display_name]));
  return ids.map((id) => `${id} ${m.get(id) ?? "?"}`);
};

const pct = (x: number, total: number) => (total === 0 ? "–" : `${((100 * x) / total).toFixed(1)} %`);
type Tally = { queries: number; top1: number; top3: number; top10: number; oneWine3: number; named3: number };
const tally = (list: Row[]): Tally => ({
  queries: list.length,
  top1: list.filter((r) => r.rank !== null && r.rank <= 1).length,
  top3: list.filter((r) => r.rank !== null && r.rank <= 3).length,
  top10: list.filter((r) => r.rank !== null && r.rank <= 10).length,
  oneWine3: list.filter((r) => r.strictRank !== null && r.strictRank <= 3).length,
  named3: list.filter((r) => r.namedRank !== null && r.namedRank <= 3).length,
});
const table: { set: string; split: string; kind: string; t: Tally }[] = [];
for (const set of Object.keys(sets))
  for (const split of ["dev", "held-out"] as const)
    for (const kind of ["all", "with a typo", "without"]) {
      const list = results.filter(
        (r) => r.set === set && r.split === split && (kind === "all" || r.typo === (kind === "with a typo")),
      );
      table.push({ set, split, kind, t: tally(list) });
    }
const allMisses = results.filter((r) => r.rank === null || r.rank > 3);
const misses = allMisses.filter((r) => r.split === "held-out");
const missLines: string[] = [];
for (const m of misses.slice(0, 60))
  missLines.push(
    `| ${m.set} | \`${m.q}\` | ${m.wine} ${m.name} | ${m.rank ?? "–"} | ${(await names(m.got.slice(0, 3))).join("; ")} |`,
  );

const md = [
  "# A shop clerk's queries for imported wines (`bench/clerk-queries.ts`)",
  "",
  `${new Date().toISOString().slice(0, 10)}. Catalogue: bundled X-Wines + the LWIN benchmark file (${counts.wines.toLocaleString("en")} wines, ${counts.lwinOnly.toLocaleString("en")} known only from LWIN, ${counts.linkedToLwin.toLocaleString("en")} with an LWIN record), \`${lwinFile}\`.`,
  `Queries (seed ${SEED}): producer + wine name in lower case without accents, the title dropped in half the queries that have one, word order changed in one in four, one typo in every third. Search: the service's \`InMemoryWineSearch.search(q, 10)\` in process.`,
  'A hit: the wine or a namesake (same producer and wine name) at rank ≤ k; "one wine, top 3": the wine itself; "a wine the query names": also, when the title was dropped, a wine of a producer of that name under another title ("delgado reserva malbec": Castillo, Viña or Bodega Delgado). Target: top 3 ≥ 95 %.',
  "",
  "| wines | split | queries | n | top 1 | top 3 | top 10 | one wine, top 3 | top 3, a wine the query names |",
  "|---|---|---|---:|---:|---:|---:|---:|---:|",
  ...table.map(
    ({ set, split, kind, t }) =>
      `| ${set} | ${split} | ${kind} | ${t.queries} | ${pct(t.top1, t.queries)} | ${pct(t.top3, t.queries)} | ${pct(t.top10, t.queries)} | ${pct(t.oneWine3, t.queries)} | ${pct(t.named3, t.queries)} |`,
  ),
  "",
  `## Held-out misses (not in the top 3): ${misses.length}${misses.length > 60 ? ", the first 60" : ""}`,
  "",
  "| wines | query | wine | rank | top 3 |",
  "|---|---|---|---:|---|",
  ...missLines,
];
writeFileSync(`${RESULTS_DIR}/clerk-queries.md`, `${md.join("\n")}\n`);
writeFileSync(
  `${RESULTS_DIR}/clerk-queries.json`,
  `${JSON.stringify({ generated: new Date().toISOString(), seed: SEED, catalogue: counts, table, misses: allMisses.map(({ got, ...m }) => ({ ...m, top3: got.slice(0, 3) })) }, null, 2)}\n`,
);
console.log(md.join("\n"));
search.close();
await db.destroy();
