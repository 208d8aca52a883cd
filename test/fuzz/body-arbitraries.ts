/**
 * Request bodies for the photo route (and the odd body sent to a GET route): valid-ish JSON with
 * junk base64, non-objects, malformed JSON, deep nesting, numbers past double range, and a body
 * over the service's 10 MiB limit.
 */
import fc from "fast-check";
import { anyString, CROSS_SHRINK, NUMERIC_JUNK, STRING_JUNK } from "./value-arbitraries.ts";

/** A 1x1 PNG's first bytes, cut short: a valid header whose decode must fail. */
const TRUNCATED_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAA";

/** `photo` values: junk base64, data URLs, and things that are not base64 at all. */
const photoValue: fc.Arbitrary<unknown> = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.base64String({ minLength: 4, maxLength: 64 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      TRUNCATED_PNG,
      `data:image/png;base64,${TRUNCATED_PNG}`,
      "data:image/png;base64,",
      "data:text/plain;base64,aGVsbG8=",
      "data:image/png,abc",
      "data:;base64,AAAA",
      "AAAA====",
      "////",
      "-_-_",
      "aGVsbG8gd29ybGQ=",
      " \n\t ",
      "R0lGODlhAQABAAAAACw=",
      "/9j/4AAQSkZJRgABAQ==",
      "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
    ),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(...STRING_JUNK), weight: 2 },
  { arbitrary: fc.constantFrom(null, 1, true, [], {}, ["AAAA"], { base64: "AAAA" }), weight: 1 },
);

/** `max_results` values: in range, at the edges, out of range, wrong types. */
const maxResultsValue: fc.Arbitrary<unknown> = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.integer({ min: 1, max: 50 }), weight: 4 },
  { arbitrary: fc.constantFrom(0, 51, -1, 1.5, 2 ** 53, "5", null, true, [], {}), weight: 2 },
);

/** A JSON object in the shape of the photo request (fields missing, extra, or of the wrong type). */
const photoObject: fc.Arbitrary<string> = fc
  .record(
    {
      photo: photoValue,
      max_results: maxResultsValue,
      extra: fc.oneof(CROSS_SHRINK, fc.constantFrom("x", 1, null), anyString(8)),
    },
    { requiredKeys: [] },
  )
  .map((o) => JSON.stringify(o).replace('"extra":', '"x-extra":'));

/** Text that is not valid JSON, or JSON no handler expects (numbers past double range included). */
const oddJson: fc.Arbitrary<string> = fc.constantFrom(
  "",
  " ",
  "{",
  "}",
  '{"photo":',
  '{"photo":"AAAA"',
  "{'photo':'AAAA'}",
  '{"photo":"AAAA",}',
  '{"photo":"AAAA"}{"photo":"AAAA"}',
  '\ufeff{"photo":"AAAA"}',
  "[]",
  "[1,2]",
  '"photo"',
  "1",
  "null",
  "true",
  "NaN",
  "1e309",
  '{"photo":"AAAA","max_results":1e309}',
  '{"photo":"AAAA","max_results":-1e309}',
  `{"photo":"AAAA","max_results":${"9".repeat(400)}}`,
  '{"photo":"AAAA","max_results":1e-400}',
  '{"__proto__":{"photo":"AAAA"},"max_results":1}',
  '{"constructor":{"prototype":{"x":1}},"photo":"AAAA"}',
  '{"photo":"\\ud800"}',
  '{"photo":"\\u0000"}',
  '{"photo":"AAAA","photo":1}',
  "photo=AAAA&max_results=1",
  "--x\r\nContent-Disposition: form-data; name=photo\r\n\r\nAAAA\r\n--x--\r\n",
);

/** Deeply nested arrays or objects, alone or as the photo value. */
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(64, 5_000, 200_000), fc.constantFrom("[", '{"a":'), fc.boolean())
  .map(([depth, open, wrapped]) => {
    const close = open === "[" ? "]" : "}";
    const nested = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return wrapped ? `{"photo":${nested}}` : nested;
  });

/** A photo past the body limit (10 MiB by default): 413. */
const hugeJson = fc.constant(`{"photo":"${"A".repeat(10 * 1024 * 1024 + 16)}"}`);

/** A request body, as text. */
export const jsonBodyValue: fc.Arbitrary<string> = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: photoObject, weight: 10 },
  { arbitrary: oddJson, weight: 5 },
  { arbitrary: deepJson, weight: 1 },
  { arbitrary: fc.constantFrom(...NUMERIC_JUNK), weight: 1 },
  { arbitrary: anyString(40), weight: 1 },
  { arbitrary: hugeJson, weight: 1 },
);
