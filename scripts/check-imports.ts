/**
 * Checks the import structure of src/ (`npm run check:imports`, run by `.ci/run`).
 *
 * Components: each folder directly under src/modules/ (a module, with its subfolders), src/plugins,
 * src/db, src/http, src/domain, src/text, src/cli (the CLI's commands), and each file directly under src/
 * (app.ts, cli.ts, config.ts, …).
 * Rules, over production files (`*.test.ts` and `test-fixtures.ts` are outside the component rules):
 *
 * 1. component-cycle: no cycle between components (the cycle's path and its imports are printed).
 * 2. domain: src/domain imports nothing from src/ but src/domain and src/errors.ts.
 * 3. db-http: src/db and src/http import only src/db, src/http, src/domain, src/config.ts and
 *    src/errors.ts (never src/modules or src/plugins).
 * 4. module-imports: a module never imports src/plugins (it uses the decorators the plugins put on
 *    the Fastify instance and request; their `declare module "fastify"` types need no import), nor
 *    src/app.ts, src/server.ts, src/cli.ts or src/cli/.
 * 5. routes: a `*.routes.ts` file is imported only by src/app.ts (so no module imports another
 *    module's routes).
 * 6. file-cycle: no circular import between files, test files included.
 * 7. module-repositories: a module never imports another module's `*.repository.ts`; modules meet
 *    through services (a repository holds its module's SQL, and only its module calls it).
 * 8. text: src/text (text algorithms shared by search, labels and the catalogue) imports only
 *    src/text, src/domain and src/errors.ts.
 *
 * `--graph` prints the component graph (production imports between components) as indented text,
 * each component with the components it imports, for reviews and closing notes.
 *
 * The file graph comes from dpdm (it parses with its own TypeScript 5, so it works beside the
 * repository's TypeScript 7, which has no JavaScript compiler API for madge or dependency-cruiser).
 * Type-only imports (`import type`, `export type … from`) count like any other import. Worker
 * entries started with `workerEntry("./file", import.meta.url)` are strings, not imports: they are
 * read here with a regular expression and count for rules 1–5 (not for file cycles, since a worker
 * runs its own copy of the module graph). `import("…")` types and other computed paths are not seen.
 * Exit status 1 on any violation, or when a file under src/ is missing from the graph or a
 * relative import does not resolve.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DependencyTree, parseCircular, parseDependencyTree } from "dpdm";

const root = path.resolve(import.meta.dirname, "..");

interface Edge {
  from: string;
  to: string;
  kind: "import" | "type-only import" | "worker entry";
}

const GRAPH = "graph: every file under src/ is in the graph and every relative import resolves";

interface Violation {
  rule: string;
  text: string;
}

function isTest(file: string): boolean {
  return file.endsWith(".test.ts") || path.basename(file) === "test-fixtures.ts";
}

/** The component a file under src/ belongs to, e.g. `src/modules/wines`, `src/db`, `src/app.ts`. */
function componentOf(file: string): string {
  const parts = file.split("/");
  if (parts[1] === "modules" && parts.length > 3) return parts.slice(0, 3).join("/");
  return parts.slice(0, 2).join("/");
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return listSourceFiles(rel);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** Specifiers a file imports only with `import type` / `export type … from` (erased at run time). */
function typeOnlySpecifiers(source: string): Set<string> {
  const statement = /\b(import|export)\s+(type\s+)?(?:[^;"']*?\bfrom\s*)?["']([^"']+)["']/g;
  const typeOnly = new Set<string>();
  const runtime = new Set<string>();
  for (const match of source.matchAll(statement)) {
    const specifier = match[3] as string;
    (match[2] ? typeOnly : runtime).add(specifier);
  }
  for (const specifier of runtime) typeOnly.delete(specifier);
  return typeOnly;
}

function workerEntries(file: string, source: string): string[] {
  const call = /\bworkerEntry\(\s*["'](\.{1,2}\/[^"']+)["']\s*,\s*import\.meta\.url/g;
  return [...source.matchAll(call)].map((match) =>
    path.posix.join(path.posix.dirname(file), `${match[1] as string}.ts`),
  );
}

/** Strongly connected components with more than one node (Tarjan), in a stable order. */
function cyclicGroups(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** A shortest cycle through `start` inside `group` (breadth-first), as a path start → … → start. */
function shortestCycle(graph: Map<string, Set<string>>, group: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(next)) continue;
      if (next === start) {
        const between: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
          between.unshift(at);
        }
        return [start, ...between, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

const started = performance.now();
process.chdir(root);
const files = listSourceFiles("src").sort();
const tree: DependencyTree = await parseDependencyTree(["src/**/*.ts"], {
  context: root,
  cwd: root,
  extensions: ["", ".ts"],
  js: [".ts"],
  include: new RegExp(`^${path.join(root, "src").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`),
  exclude: /node_modules/,
  tsconfig: path.join(root, "tsconfig.json"),
  transform: false,
  skipDynamicImports: false,
});

const violations: Violation[] = [];
const fileGraph: DependencyTree = {};
const edges: Edge[] = [];
for (const file of files) {
  const dependencies = tree[file];
  if (!dependencies) {
    violations.push({ rule: GRAPH, text: `${file} is missing from dpdm's graph` });
    continue;
  }
  fileGraph[file] = [...dependencies].sort((a, b) => a.request.localeCompare(b.request));
  const source = readFileSync(path.join(root, file), "utf8");
  const typeOnly = typeOnlySpecifiers(source);
  for (const dependency of dependencies) {
    if (dependency.request.startsWith(".") && dependency.id === null) {
      violations.push({ rule: GRAPH, text: `${file} → ${dependency.request} does not resolve` });
    }
    if (dependency.id?.startsWith("src/")) {
      edges.push({
        from: file,
        to: dependency.id,
        kind: typeOnly.has(dependency.request) ? "type-only import" : "import",
      });
    }
  }
  for (const entry of workerEntries(file, source)) {
    if (files.includes(entry)) edges.push({ from: file, to: entry, kind: "worker entry" });
    else violations.push({ rule: GRAPH, text: `${file} → worker entry ${entry} does not exist` });
  }
}

const componentEdges = new Map<string, Edge[]>();
const componentGraph = new Map<string, Set<string>>();
for (const file of files) if (!isTest(file)) componentGraph.set(componentOf(file), new Set());
const show = (edge: Edge): string =>
  `${edge.from} → ${edge.to}${edge.kind === "import" ? "" : ` (${edge.kind})`}`;
const allowedFromDbHttp = new Set(["src/db", "src/http", "src/domain", "src/config.ts", "src/errors.ts"]);
const allowedFromText = new Set(["src/domain", "src/errors.ts"]);
const forbiddenFromModules = new Set(["src/plugins", "src/app.ts", "src/server.ts", "src/cli.ts", "src/cli"]);

for (const edge of edges) {
  if (isTest(edge.from) || isTest(edge.to)) continue;
  const from = componentOf(edge.from);
  const to = componentOf(edge.to);
  if (edge.to.endsWith(".routes.ts") && edge.from !== "src/app.ts") {
    violations.push({ rule: "routes: a *.routes.ts file is imported only by src/app.ts", text: show(edge) });
  }
  if (from === to) continue;
  const key = `${from}\n${to}`;
  componentEdges.set(key, [...(componentEdges.get(key) ?? []), edge]);
  componentGraph.get(from)?.add(to);
  if (from === "src/domain" && to !== "src/errors.ts") {
    violations.push({
      rule: "domain: src/domain imports only src/domain and src/errors.ts",
      text: show(edge),
    });
  }
  if ((from === "src/db" || from === "src/http") && !allowedFromDbHttp.has(to)) {
    violations.push({
      rule: "db-http: src/db and src/http import only src/db, src/http, src/domain, src/config.ts, src/errors.ts",
      text: show(edge),
    });
  }
  if (
    from.startsWith("src/modules/") &&
    to.startsWith("src/modules/") &&
    edge.to.endsWith(".repository.ts")
  ) {
    violations.push({
      rule: "module-repositories: a module never imports another module's *.repository.ts (use its service)",
      text: show(edge),
    });
  }
  if (from === "src/text" && !allowedFromText.has(to)) {
    violations.push({
      rule: "text: src/text imports only src/text, src/domain and src/errors.ts",
      text: show(edge),
    });
  }
  if (from.startsWith("src/modules/") && forbiddenFromModules.has(to)) {
    violations.push({
      rule: "module-imports: a module never imports src/plugins, src/app.ts, src/server.ts, src/cli.ts, src/cli/",
      text: show(edge),
    });
  }
}

for (const group of cyclicGroups(componentGraph)) {
  const members = new Set(group);
  const cycle = shortestCycle(componentGraph, members, group[0] as string);
  const imports = cycle.slice(1).flatMap((to, i) => componentEdges.get(`${cycle[i]}\n${to}`) ?? []);
  const others = group.length > cycle.length - 1 ? `; the cycle group also holds ${group.join(", ")}` : "";
  violations.push({
    rule: "component-cycle: no cycle between components",
    text: `${cycle.join(" → ")}${others}\n${imports.map((edge) => `      ${show(edge)}`).join("\n")}`,
  });
}

const edgeKind = new Map(edges.map((edge) => [`${edge.from}\n${edge.to}`, edge.kind]));
for (const cycle of parseCircular(fileGraph)) {
  const steps = cycle.map((file, i) => {
    const kind = edgeKind.get(`${file}\n${cycle[(i + 1) % cycle.length]}`);
    return kind === "type-only import" ? `${file} (type-only)` : file;
  });
  violations.push({
    rule: "file-cycle: no circular import between files",
    text: [...steps, cycle[0]].join(" → "),
  });
}

if (process.argv.includes("--graph")) {
  for (const [component, targets] of [...componentGraph].sort(([a], [b]) => a.localeCompare(b))) {
    const list = [...targets].sort().map((to) => to.replace(/^src\//, ""));
    console.log(`${component.replace(/^src\//, "")}${list.length > 0 ? ` → ${list.join(", ")}` : ""}`);
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (violations.length > 0) {
  for (const rule of new Set(violations.map((violation) => violation.rule))) {
    const list = violations.filter((violation) => violation.rule === rule);
    console.error(`✗ ${rule} (${list.length})`);
    for (const violation of list) console.error(`    ${violation.text}`);
  }
  console.error(`check-imports: ${violations.length} violation(s) in ${files.length} files (${seconds} s)`);
  process.exit(1);
}
const componentEdgeCount = [...componentGraph.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(
  `check-imports: OK, ${componentGraph.size} components (${componentEdgeCount} edges), ${files.length} files (${edges.length} edges), no cycles (${seconds} s)`,
);
