/**
 * Fastify's request validator (Ajv through @fastify/ajv-compiler, unchanged options) with one rule
 * added: no number in a validated query, path, header or body may be infinite.
 *
 * Why: with type coercion Ajv turns `page=1e309`, `page=Infinity` or a 400-digit `per_page` into
 * `Infinity`, accepts it as an `integer` (`Infinity % 1` is NaN, which its check reads as "no
 * remainder") and then skips `minimum`/`maximum`, which it only applies to finite numbers. JSON
 * bodies parse `1e309` to Infinity as well. Such values used to reach SQL ("datatype mismatch") and
 * the serializer, as 500s; now they are a 422 `validation_failed` naming the field.
 */
import { AjvCompiler } from "@fastify/ajv-compiler";

type BuildCompiler = ReturnType<typeof AjvCompiler>;
type Compile = ReturnType<BuildCompiler>;
type Validate = ReturnType<Compile> & { errors?: unknown };

/** Longest path of objects and arrays looked into (deeper values are not numbers of ours). */
const MAX_DEPTH = 64;

/**
 * JSON pointer (`/page`, `/photo/0`) of the first non-finite number in `value`, or null. Looks at
 * most {@link MAX_DEPTH} levels deep (the recursion is bounded; a validated request is shallow) and
 * allocates nothing unless it finds one.
 */
export function nonFinitePath(value: unknown, depth = 0): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : "";
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return null;
  for (const name in value) {
    const found = nonFinitePath((value as Record<string, unknown>)[name], depth + 1);
    if (found !== null) return `/${name}${found}`;
  }
  return null;
}

/**
 * The validator builder for Fastify's `schemaController.compilersFactory.buildValidator`: Fastify's
 * own Ajv builder, each compiled validator wrapped to refuse non-finite numbers with an Ajv-style
 * `type` error (`{instancePath, keyword: "type", params: {type: "finite number"}}`), which the
 * error handler turns into `422 {"message": "The page field must be a finite number.", …}`.
 */
export function finiteNumbersValidator(): BuildCompiler {
  const build = AjvCompiler();
  return ((externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return ((route) => {
      const validate = compile(route) as Validate;
      const wrapped = ((data: unknown) => {
        const valid = validate(data);
        if (valid !== true) {
          wrapped.errors = validate.errors;
          return valid;
        }
        const path = nonFinitePath(data);
        if (path === null) return true;
        wrapped.errors = [
          {
            instancePath: path,
            schemaPath: "#/type",
            keyword: "type",
            params: { type: "finite number" },
            message: "must be finite",
          },
        ];
        return false;
      }) as Validate;
      return wrapped;
    }) as Compile;
  }) as BuildCompiler;
}
