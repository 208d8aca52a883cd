/**
 * The Markdown table of every environment variable, generated from config-schema.ts: what
 * `npm run docs:config` (scripts/config-table.ts) writes into docs/operations.md between
 * {@link TABLE_START} and {@link TABLE_END}, and what src/config.test.ts compares that file with.
 */
import { type VariableSchema, variables } from "./config-env.ts";

/** The line before the generated table in docs/operations.md. */
export const TABLE_START = "<!-- config-table:start -->";
/** The line after it. */
export const TABLE_END = "<!-- config-table:end -->";

/** `text` safe inside a Markdown table cell (no `|`, no line break). */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll(/\s*\n\s*/g, " ");
}

/** The default as the table shows it: the literal in backticks, the schema's words, or —. */
function defaultCell(schema: VariableSchema): string {
  if (schema.defaultText !== undefined) return schema.defaultText;
  if (schema.default === undefined) return "—";
  return schema.default === "" ? "(empty)" : `\`${String(schema.default)}\``;
}

/** The accepted values: an enum's values, an integer's range, true/false, or the schema's words. */
function allowedCell(schema: VariableSchema): string {
  if (schema.enum !== undefined) {
    const values = schema.enum.map((value) => `\`${value}\``).join(", ");
    const synonyms = Object.entries(schema.synonyms ?? {}).map(
      ([word, value]) => `\`${word}\` = \`${value}\``,
    );
    return synonyms.length === 0 ? values : `${values} (also ${synonyms.join(", ")})`;
  }
  if (schema.type === "integer") return `${schema.minimum}–${schema.maximum}`;
  if (schema.type === "boolean") return "`true`, `false` (or `1`, `0`)";
  return schema.allowed ?? "text";
}

/**
 * The table, one row per variable in the schema's order: variable (with its deprecated aliases),
 * default, unit, allowed values, description. Ends without a newline.
 */
export function configTable(): string {
  const rows = variables().map(([name, schema]) => {
    const aliases = (schema.aliases ?? []).map((alias) => `\`${alias}\``).join(", ");
    const variable = `\`${name}\`${aliases === "" ? "" : ` (alias, deprecated: ${aliases})`}`;
    const cells = [variable, defaultCell(schema), schema.unit ?? "", allowedCell(schema), schema.description];
    return `| ${cells.map(cell).join(" | ")} |`;
  });
  return [
    "| variable | default | unit | allowed values | description |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/**
 * `markdown` with the text between its markers replaced by `table`.
 * @throws Error when either marker is missing or they are out of order.
 */
export function withConfigTable(markdown: string, table: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/operations.md needs the lines ${TABLE_START} and ${TABLE_END}.`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n${table}\n${markdown.slice(end)}`;
}
