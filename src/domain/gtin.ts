/**
 * GS1 trade item numbers (barcodes): GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14.
 * The catalogue stores every barcode in its 14-digit form (left-padded with zeros), the form the
 * GS1 General Specifications call the GTIN "in a 14-digit data structure" (§3.3.2), so that one
 * product's EAN-13 "3263280103567" and its GTIN-14 "03263280103567" are one key.
 */

/** Lengths of the GTIN families: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14. */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/**
 * The GS1 mod-10 check digit of a run of digits without their check digit (GS1 General
 * Specifications §7.9.1): from the right, digits weigh 3, 1, 3, 1 …; the check digit is what brings
 * the weighted sum up to a multiple of ten. Leading zeros do not change it, so the check digit of a
 * code and of its zero-padded 14-digit form are the same. `digits` must be digits only.
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Normalises a barcode to its 14-digit GTIN form, or null when it is not a valid GTIN.
 *
 * - Accepts 8, 12, 13 or 14 digits after trimming; spaces and hyphens inside ("3 263280 103567",
 *   "0-12345-67890-5") are removed first. Anything else (letters, other lengths, UPC-E's 6 digits) → null.
 * - The last digit must be the GS1 mod-10 check digit of the others (§7.9.1); else null.
 * - An all-zero code is no trade item (GS1 does not allocate it; Open Food Facts has such entries) → null.
 * - Returns the code left-padded with zeros to 14 digits: "3263280103567" → "03263280103567",
 *   UPC-A "012345678905" → "00012345678905", GTIN-8 "96385074" → "00000096385074".
 */
export function normalizeGtin(code: string): string | null {
  const digits = code.trim().replace(/[\s-]+/g, "");
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.includes(digits.length)) return null;
  if (/^0+$/.test(digits)) return null;
  const check = digits.charCodeAt(digits.length - 1) - 48;
  if (gs1CheckDigit(digits.slice(0, -1)) !== check) return null;
  return digits.padStart(14, "0");
}

/**
 * The shorter forms one GTIN-14 is written in, longest first: itself, then the GTIN-13 (when it
 * starts with one zero), GTIN-12 (two zeros) and GTIN-8 (six zeros): "00012345678905" →
 * ["00012345678905", "0012345678905", "012345678905"]. Useful to look a code up as shoppers and
 * databases write it. `gtin14` must be 14 digits (as {@link normalizeGtin} returns); else throws.
 */
export function gtinForms(gtin14: string): string[] {
  if (!/^\d{14}$/.test(gtin14)) throw new Error(`not a 14-digit GTIN: "${gtin14}"`);
  const forms = [gtin14];
  for (const length of [13, 12, 8]) {
    if (/^0+$/.test(gtin14.slice(0, 14 - length))) forms.push(gtin14.slice(14 - length));
  }
  return forms;
}
