/**
 * Fastify's request validator (Ajv through @fastify/ajv-compiler, unchanged options) with two rules
 * added for every validated query, path, header and body:
 * - no number may be infinite. With type coercion Ajv turns `page=1e309`, `page=Infinity` or a
 *   400-digit `per_page` into `Infinity`, accepts it as an `integer` (`Infinity % 1` is NaN, which
 *   its check reads as "no remainder") and then skips `minimum`/`maximum`, which it applies to finite
 *   numbers only; JSON bodies parse `1e309` to Infinity too. Such values used to reach SQL ("datatype
 *   mismatch") and the serializer as 500s;
 * - no text may contain U+0000: PostgreSQL's text types cannot hold it ("invalid byte sequence for
 *   encoding UTF8: 0x00", a 500), and no wine, producer, region or grape name has one.
 * Both are a 422 `validation_failed` naming the field.
 */
import { AjvCompiler } from "@fastify/ajv-compiler";

type BuildCompiler = ReturnType<typeof AjvCompiler>;
type Compile = ReturnType<BuildCompiler>;
type Validate = ReturnType<Compile> & { errors?: unknown };

/** Longest path of objects and arrays looked into (deeper values are not parameters of ours). */
const MAX_DEPTH = 64;

/** Ajv keyword of the errors below; the error handler words them. */
const UNSAFE_VALUE_KEYWORDS = { infinite: "finite", nul: "noNul" } as const;

/** Where the first value these rules refuse sits (a JSON pointer, `/page`) and why. */
interface UnsafeValue {
  path: string;
  reason: keyof typeof UNSAFE_VALUE_KEYWORDS;
}

/**
 * The first infinite number or text with U+0000 in `value`, or null. Looks at most
 * {@link MAX_DEPTH} levels deep (the recursion is bounded; a validated request is shallow) and
 * allocates nothing unless it finds one.
 */
function firstUnsafeValue(value: unknown, depth = 0): UnsafeValue | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : { path: "", reason: "infinite" };
  if (typeof value === "string") return value.includes("\u0000") ? { path: "", reason: "nul" } : null;
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return null;
  for (const name in value) {
    const found = firstUnsafeValue((value as Record<string, unknown>)[name], depth + 1);
    if (found !== null) return { path: `/${name}${found.path}`, reason: found.reason };
  }
  return null;
}

/**
 * The validator builder for Fastify's `schemaController.compilersFactory.buildValidator`: Fastify's
 * own Ajv builder, each compiled validator wrapped to refuse what {@link firstUnsafeValue} finds with
 * an Ajv-style error (`{instancePath, keyword: "finite" | "noNul"}`), which the error handler turns
 * into `422 {"message": "The page field must be a finite number.", …}`.
 */
export function strictValidator(): BuildCompiler {
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
        const unsafe = firstUnsafeValue(data);
        if (unsafe === null) return true;
        const keyword = UNSAFE_VALUE_KEYWORDS[unsafe.reason];
        wrapped.errors = [
          { instancePath: unsafe.path, schemaPath: `#/${keyword}`, keyword, params: {}, message: keyword },
        ];
        return false;
      }) as Validate;
      return wrapped;
    }) as Compile;
  }) as BuildCompiler;
}
