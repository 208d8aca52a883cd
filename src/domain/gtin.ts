/**
 * GS1 Global Trade Item Numbers (GTIN-8, GTIN-12 "UPC-A", GTIN-13 "EAN-13", GTIN-14): the barcodes
 * of Open Food Facts products. Minimal version for the API's `?gtin=` lookup; the catalogue import's
 * own (fuller) version replaces it with the same signature.
 */

/**
 * The GTIN-14 form of `code` (8, 12, 13 or 14 digits, zero-padded on the left to 14), or null when
 * `code` is not all digits, has another length, or its check digit is wrong. Check digit: GS1 General
 * Specifications §7.9.1 (weights 3 and 1 from the right, excluding the check digit; mod 10).
 * E.g. "3263280103567" → "03263280103567"; "96385074" → "00000096385074".
 */
export function normalizeGtin(code: string): string | null {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return null;
  const padded = code.padStart(14, "0");
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(padded[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(padded[13]) ? padded : null;
}
