/**
 * Reads the environment against {@link ENV_SCHEMA}: each variable (or its deprecated alias) is
 * converted from its text to the schema's type, defaulted, and checked; the first bad value throws a
 * ConfigError naming the variable that was set.
 */
import { Value } from "typebox/value";
import { ConfigError } from "./config-error.ts";
import { ENV_SCHEMA, type EnvName, type EnvValues, type VariableDoc } from "./config-schema.ts";

/** A variable's schema as config-env.ts and config-table.ts read it: JSON Schema plus {@link VariableDoc}. */
export type VariableSchema = VariableDoc & {
  type?: string;
  enum?: readonly string[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

/** The variables of the schema, in its order, each with its schema. */
export function variables(): [EnvName, VariableSchema][] {
  return Object.entries(ENV_SCHEMA.properties) as unknown as [EnvName, VariableSchema][];
}

/** "thread, inline or off". */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join("") : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

/** What a variable accepts, in words, as an error message says it (no Markdown). */
export function allowedText(schema: VariableSchema): string {
  if (schema.enum !== undefined) return orList(schema.enum);
  if (schema.type === "integer") return `an integer from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === "boolean") return "true or false";
  return (schema.allowed ?? "text").replaceAll("`", "");
}

/** The environment read: the values, and one warning per deprecated name that is set. */
export interface ReadEnv {
  values: EnvValues;
  /** E.g. "WORKERS is deprecated: set GENERATION instead (WORKERS will stop working in the next release)." */
  deprecations: string[];
}

/** The raw text of `name` or of its first alias that is set, with the name it came from; else null. */
function raw(
  env: NodeJS.ProcessEnv,
  name: EnvName,
  schema: VariableSchema,
  deprecations: string[],
): { from: string; text: string } | null {
  const set = (key: string) => {
    const value = env[key];
    return value !== undefined && (value !== "" || schema.emptyIsValue === true);
  };
  let found: { from: string; text: string } | null = set(name) ? { from: name, text: env[name] ?? "" } : null;
  for (const alias of schema.aliases ?? []) {
    if (!set(alias)) continue;
    if (found === null) {
      found = { from: alias, text: env[alias] ?? "" };
      deprecations.push(
        `${alias} is deprecated: set ${name} instead (${alias} will stop working in the next release).`,
      );
    } else {
      deprecations.push(`${alias} is deprecated and ignored since ${name} is set: remove it.`);
    }
  }
  return found;
}

/** `text` converted to the schema's type; undefined when it cannot be. */
function convert(schema: VariableSchema, text: string): string | number | boolean | undefined {
  if (schema.type === "integer") return /^\d+$/.test(text) ? Number(text) : undefined;
  if (schema.type === "boolean") {
    const lower = text.toLowerCase();
    if (lower === "true" || lower === "1") return true;
    if (lower === "false" || lower === "0") return false;
    return undefined;
  }
  if (schema.enum !== undefined) {
    const lower = text.toLowerCase();
    return schema.synonyms?.[lower] ?? lower;
  }
  return text;
}

/**
 * Reads every variable of {@link ENV_SCHEMA} from `env`. Unset (or empty, unless the variable's
 * `emptyIsValue`): its default, or absent. A deprecated alias is read when the new name is not set.
 * @throws ConfigError `"<NAME> must be <allowed>, got "<value>"."` for the first bad value, naming
 *   the variable (or alias) that was set; a secret's value is not repeated.
 */
export function readEnv(env: NodeJS.ProcessEnv): ReadEnv {
  const values: Record<string, unknown> = {};
  const deprecations: string[] = [];
  for (const [name, schema] of variables()) {
    const found = raw(env, name, schema, deprecations);
    if (found === null) {
      if (schema.default !== undefined) values[name] = schema.default;
      continue;
    }
    const value = convert(schema, found.text);
    if (value === undefined || !Value.Check(ENV_SCHEMA.properties[name], value)) {
      const got = schema.secret ? "" : `, got "${found.text}"`;
      throw new ConfigError(`${found.from} must be ${allowedText(schema)}${got}.`);
    }
    values[name] = value;
  }
  return { values: values as EnvValues, deprecations };
}
