/**
 * fast-check arbitraries for single values: parameter values valid and invalid for a schema, path
 * ids, and the header values the fuzz suite sends (Host, Accept-Language, Authorization, …).
 */
import fc from "fast-check";
import type { CatalogueIds, FuzzKeys } from "./fuzz-database.ts";
import type { ParamSchema } from "./openapi-routes.ts";

/** `fc.oneof` option: a value may shrink to one of the first alternative (the plain, valid one). */
export const CROSS_SHRINK = { withCrossShrink: true };

/** Numbers that are not integers a schema accepts, in the spellings clients and attackers use. */
export const NUMERIC_JUNK = [
  "1e309",
  "-1e309",
  "Infinity",
  "-Infinity",
  "NaN",
  "9".repeat(400),
  `-${"9".repeat(400)}`,
  "1.5",
  "1e3",
  "0x10",
  "0b1",
  "+1",
  " 1",
  "1 ",
  "1,2",
  "00001",
  "-0",
  "1.",
  ".5",
  "1_000",
  "١٢",
  "１２",
  "9007199254740993",
  "2147483648",
  "4294967296",
  "true",
  "null",
  "[]",
  "{}",
];

/** Strings that are odd in a URL, a header or a database: control characters, encodings, unicode. */
export const STRING_JUNK = [
  "",
  " ",
  "   ",
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\t",
  "%",
  "%00",
  "%zz",
  "%ff%fe",
  "%C0%80",
  "%25",
  "%E2%80%AE",
  "'",
  '"',
  "\\",
  "' OR 1=1 --",
  "%' OR '1'='1",
  "_%",
  "*",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "\ud83c\udf77\ud83c\udf77",
  "\ud800",
  "ß",
  "Ⅻ",
  "ｂａｒｏｌｏ",
  "e\u0301e\u0301e\u0301",
  "<script>alert(1)</script>",
  "$" + "{7*7}",
  "../../etc/passwd",
  "a".repeat(5000),
  "é".repeat(3000),
  "__proto__",
  "constructor",
  "toString",
];

/** Words of the catalogue, so that valid searches find something. */
const WORDS = [
  "barolo",
  "pinot",
  "pinot noir",
  "chateau",
  "bourgogne",
  "riesling",
  "Gewürztraminer",
  "Mueller",
  "St. Emilion",
  "cab sauv",
  "Ch. Margaux",
  "rioja",
  "chianti",
  "brut",
  "vino",
  "spätburgunder",
];

/** Country codes, real and not. */
const COUNTRIES = ["fr", "it", "de", "es", "pt", "br", "us", "FR", "zz", "xx", "é1"];

/** Any string of arbitrary code units (lone surrogates and control characters included). */
export const anyString = (maxLength: number) => fc.string({ unit: "binary", maxLength });

/** A value a parameter of `schema` accepts (enums, integers within bounds, strings within length). */
export function validValue(name: string, schema: ParamSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === "integer" || schema.type === "number") {
    const min = schema.minimum ?? 1;
    const max = schema.maximum ?? 1_000_000;
    return fc
      .oneof(
        CROSS_SHRINK,
        { arbitrary: fc.integer({ min, max: Math.min(max, min + 5) }), weight: 6 },
        { arbitrary: fc.constantFrom(min, max), weight: 2 },
        { arbitrary: fc.integer({ min, max }), weight: 1 },
      )
      .map(String);
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const fits = (s: string) => s.trim().length >= minLength && s.length <= maxLength;
  const pool = name === "country" ? COUNTRIES : WORDS;
  // Odd characters (NUL, controls, LIKE wildcards, quotes, lone surrogates) in a string of a length
  // the schema accepts: it passes validation and reaches the handler and the database.
  const fitted = fc
    .array(fc.constantFrom("\u0000", "a", "%", "_", "\\", "'", "\ud800", "é", "\u0001", " ", "*"), {
      minLength,
      maxLength: Math.min(maxLength, minLength + 6),
    })
    .map((chars) => chars.join(""));
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constantFrom(...pool).filter(fits), weight: 5 },
    { arbitrary: fitted, weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 12) }), weight: 2 },
    {
      arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, 40) }),
      weight: 1,
    },
  );
}

/** A value a parameter of `schema` refuses (or one at its edges): out of range, junk, too long. */
export function invalidValue(schema: ParamSchema): fc.Arbitrary<string> {
  const edges: string[] = [];
  if (schema.minimum !== undefined) edges.push(String(schema.minimum - 1), String(schema.minimum - 0.5));
  if (schema.maximum !== undefined) edges.push(String(schema.maximum + 1), String(schema.maximum * 10));
  if (schema.minLength !== undefined && schema.minLength > 0) edges.push("x".repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined) edges.push("y".repeat(schema.maxLength + 1));
  if (schema.enum) edges.push(...schema.enum.map((v) => String(v).toUpperCase()), `${schema.enum[0]} `);
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constantFrom(...NUMERIC_JUNK), weight: 4 },
    { arbitrary: fc.constantFrom(...STRING_JUNK), weight: 4 },
    ...(edges.length > 0 ? [{ arbitrary: fc.constantFrom(...edges), weight: 3 }] : []),
    { arbitrary: anyString(30), weight: 2 },
    { arbitrary: fc.integer().map(String), weight: 1 },
  );
}

/** Path ids: real ones of `table` (most often), else junk an id parser must refuse. */
export function idValue(ids: CatalogueIds, table: keyof CatalogueIds | null): fc.Arbitrary<string> {
  const real = table === null ? [...ids.wines, ...ids.regions] : ids[table];
  return fc.oneof(
    CROSS_SHRINK,
    { arbitrary: fc.constantFrom(...real.map(String)), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        "-1",
        "0",
        "2147483647",
        "2147483648",
        "99999999999999999999",
        "9".repeat(400),
        "1e309",
        "1e5",
        "100003.0",
        "0x1",
        "%00",
        "%20100003",
        "100003%00",
        "%2e%2e",
        "..",
        "1;2",
        "100003abc",
        "１",
        "١",
        "%F0%9F%8D%B7",
        "🍷",
        "é",
        "",
      ),
      weight: 4,
    },
    { arbitrary: anyString(20).map(encodeURIComponentLoose), weight: 1 },
  );
}

/** `value` with lone surrogates replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** `encodeURIComponent` that cannot throw (lone surrogates become U+FFFD). */
export function encodeURIComponentLoose(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

/** Malformed Host header values. */
export const junkHostValue: fc.Arbitrary<string> = fc.constantFrom(
  "[::1",
  "%00",
  "ex ample",
  "",
  "127.0.0.1:99999",
  "127.0.0.1:-1",
  "127.0.0.1:",
  ":80",
  "h:p:q",
  "a@b",
  "host/path",
  "host?x",
  "host#x",
  "[]",
  "[zz]",
  "..",
  "x".repeat(300),
  "a.".repeat(4000),
  "wïne.example",
  "ワイン.jp",
  "\u0001",
  "exa\tmple",
  "xn--",
  "%41",
  "\\\\evil",
);

/** Host header values: valid forms (most often) and malformed ones. */
export function hostValue(port: number): fc.Arbitrary<string> {
  return fc.oneof(
    CROSS_SHRINK,
    {
      arbitrary: fc.constantFrom(`127.0.0.1:${port}`, "localhost", "example.com", `[::1]:${port}`),
      weight: 8,
    },
    { arbitrary: junkHostValue, weight: 2 },
  );
}

/** Accept-Language values: valid lists with q-values, garbage, and huge ones. */
export const acceptLanguageValue: fc.Arbitrary<string> = fc.oneof(
  CROSS_SHRINK,
  {
    arbitrary: fc.constantFrom(
      "de",
      "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5",
      "it-IT,it;q=0.9",
      "en-US,en;q=0.5",
      "de;q=0, fr",
      "*",
      "es, it;q=0.1",
    ),
    weight: 4,
  },
  {
    arbitrary: fc.constantFrom(
      ";;;,,,",
      "q=1",
      "de;q=",
      "de;q=NaN",
      "de;q=1e309",
      "de;q=-1",
      "de;q=Infinity",
      ",".repeat(5000),
      "de-".repeat(3000),
      "dé",
      "🍷;q=1",
      "__proto__",
      "constructor;q=2",
    ),
    weight: 3,
  },
  { arbitrary: anyString(40), weight: 1 },
);

/** Authorization / X-API-Key values: the fuzz keys, malformed keys and other schemes. */
export function credentialHeader(keys: FuzzKeys): fc.Arbitrary<[string, string] | null> {
  const fakeKey = `wds_abcdefgh_${"A".repeat(32)}`;
  return fc.oneof(
    CROSS_SHRINK,
    {
      arbitrary: fc.constant(["Authorization", `Bearer ${keys.enterprise}`] as [string, string]),
      weight: 14,
    },
    { arbitrary: fc.constant(["X-API-Key", keys.enterprise] as [string, string]), weight: 3 },
    {
      arbitrary: fc
        .constantFrom(keys.winesOnly, keys.trial, keys.expired, keys.revoked)
        .map((k): [string, string] => ["Authorization", `Bearer ${k}`]),
      weight: 3,
    },
    { arbitrary: fc.constant(null), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(
          "Bearer",
          "Bearer ",
          "Bearer  ",
          `bearer ${keys.enterprise}`,
          `Bearer  ${keys.enterprise}`,
          `Bearer ${keys.enterprise} extra`,
          `Bearer ${keys.enterprise.toUpperCase()}`,
          `Bearer ${fakeKey}`,
          `Bearer ${keys.enterprise.slice(0, -1)}é`,
          `Bearer ${"w".repeat(10_000)}`,
          "Basic dXNlcjpwYXNz",
          `Token ${keys.enterprise}`,
          "Bearer \u0000",
          "Bearer wds_",
          "Bearer $" + "{jndi:ldap://x}",
        )
        .map((v): [string, string] => ["Authorization", v]),
      weight: 3,
    },
    {
      arbitrary: fc
        .constantFrom("", " ", fakeKey, `${keys.enterprise},${keys.enterprise}`, "x".repeat(9000))
        .map((v): [string, string] => ["X-API-Key", v]),
      weight: 1,
    },
  );
}

/** X-Forwarded-* headers with junk (ignored unless TRUST_PROXY, which then must not break links). */
export const forwardedHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  CROSS_SHRINK,
  fc.tuple(fc.constant("X-Forwarded-Host"), hostValue(1)),
  fc.tuple(
    fc.constant("X-Forwarded-Proto"),
    fc.constantFrom("https", "http", "", "gopher", "ht tp", "https,http", "%00"),
  ),
  fc.tuple(fc.constant("X-Forwarded-For"), fc.constantFrom("1.2.3.4", "::1", "junk", "", "1.2.3.4, 5.6.7.8")),
  fc.tuple(fc.constant("Forwarded"), fc.constantFrom("for=1.2.3.4;proto=https;host=x", "host=[::1")),
);

/** Content-Type values for requests with a body. */
export const contentTypeValue: fc.Arbitrary<string | null> = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.constant("application/json"), weight: 10 },
  {
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=latin1",
      "APPLICATION/JSON",
      "application/json;",
      "application/vnd.api+json",
    ),
    weight: 2,
  },
  { arbitrary: fc.constant(null), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "image/jpeg",
      "application/jsonx",
      "*/*",
      "",
      ";",
      "application/json; charset=\u0000",
    ),
    weight: 2,
  },
);
