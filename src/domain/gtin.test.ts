import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { gs1CheckDigit, gtinForms, normalizeGtin } from "./gtin.ts";

/** A string of `length` digits. */
const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

/** A valid GTIN of the given length: random body + its check digit, never all zeros. */
const validGtin = (length: number) =>
  digitString(length - 1)
    .filter((body) => /[1-9]/.test(body))
    .map((body) => `${body}${gs1CheckDigit(body)}`);

test("published examples of each GTIN family are accepted and padded to 14 digits", () => {
  // EAN-13 of GS1's and Wikipedia's examples, UPC-A 036000291452 (Wikipedia "Universal Product
  // Code"), EAN-8 96385074 (Wikipedia "EAN-8"), GTIN-14 of the GS1 check digit calculator's example.
  assert.equal(normalizeGtin("4006381333931"), "04006381333931");
  assert.equal(normalizeGtin("036000291452"), "00036000291452");
  assert.equal(normalizeGtin("96385074"), "00000096385074");
  assert.equal(normalizeGtin("10012345678902"), "10012345678902");
  assert.equal(normalizeGtin("04006381333931"), "04006381333931");
});

test("spaces and hyphens inside and around a code are removed", () => {
  assert.equal(normalizeGtin("  4 006381 333931 "), "04006381333931");
  assert.equal(normalizeGtin("0-36000-29145-2"), "00036000291452");
  assert.equal(normalizeGtin("\t96385074\n"), "00000096385074");
});

test("wrong lengths, letters, signs, empty and all-zero codes are refused", () => {
  for (const code of [
    "",
    "   ",
    "4006381333932", // wrong check digit
    "400638133393", // 12 digits: the EAN-13 without its check digit
    "1234567", // 7 digits
    "123456789012345", // 15 digits
    "4006381333931X",
    "+4006381333931",
    "4006381333931.0",
    "4.006381333931e12",
    "00000000000000",
    "00000000",
    "４００６３８１３３３９３１", // full-width digits
    "4006381_333931",
  ]) {
    assert.equal(normalizeGtin(code), null, code);
  }
});

test("property: every valid code of each length normalises to itself padded to 14 digits", () => {
  for (const length of [8, 12, 13, 14]) {
    fc.assert(
      fc.property(validGtin(length), (code) => {
        const gtin = normalizeGtin(code);
        assert.equal(gtin, code.padStart(14, "0"));
        assert.equal(normalizeGtin(gtin ?? ""), gtin, "idempotent");
        assert.ok(gtinForms(gtin ?? "").includes(code), "the code is one of its forms");
      }),
    );
  }
});

test("property: changing any single digit of a valid EAN-13 makes it invalid", () => {
  fc.assert(
    fc.property(
      validGtin(13),
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 1, max: 9 }),
      (code, at, delta) => {
        const changed = (Number(code[at]) + delta) % 10;
        const wrong = `${code.slice(0, at)}${changed}${code.slice(at + 1)}`;
        // An all-zero result is refused for its own reason; every other one fails the check digit.
        assert.equal(normalizeGtin(wrong), null, `${code} → ${wrong}`);
      },
    ),
  );
});

test("property: swapping two adjacent different digits (a common keying slip) is caught unless they differ by 5", () => {
  fc.assert(
    fc.property(validGtin(13), fc.integer({ min: 0, max: 11 }), (code, at) => {
      const a = Number(code[at]);
      const b = Number(code[at + 1]);
      fc.pre(a !== b);
      const swapped = `${code.slice(0, at)}${b}${a}${code.slice(at + 2)}`;
      // Weights 3 and 1 alternate: a swap changes the sum by 2·(a − b), a multiple of 10 only when |a − b| = 5.
      assert.equal(normalizeGtin(swapped) === null, Math.abs(a - b) !== 5, `${code} → ${swapped}`);
    }),
  );
});

test("gtinForms lists the shorter forms a GTIN-14 is written in", () => {
  assert.deepEqual(gtinForms("00036000291452"), ["00036000291452", "0036000291452", "036000291452"]);
  assert.deepEqual(gtinForms("00000096385074"), [
    "00000096385074",
    "0000096385074",
    "000096385074",
    "96385074",
  ]);
  assert.deepEqual(gtinForms("04006381333931"), ["04006381333931", "4006381333931"]);
  assert.deepEqual(gtinForms("10012345678902"), ["10012345678902"]);
  assert.throws(() => gtinForms("4006381333931"), /14-digit/);
});
