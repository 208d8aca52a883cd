/**
 * Debian's Chromium for the browser tests (/usr/bin/chromium, or `CHROMIUM_PATH`), driven by
 * playwright-core — never a downloaded browser — with the flags this machine needs (no background
 * networking: the network is closed). Where it is missing the tests skip, saying why
 * (`.ci/run` installs it). Screenshots go to `SCREENSHOTS_DIR` (the committed ones were made with
 * `SCREENSHOTS_DIR=docs/screenshots`), else to a temporary directory.
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** Why the browser tests are skipped (for `test(…, { skip })`), or false when Chromium is there. */
export const chromiumMissing: string | false = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM} (apt-get install chromium)`;

/** Says once, for the run's output, that the tests of `what` are skipped and why. */
export function reportSkipped(what: string): void {
  if (chromiumMissing) console.log(`# skipped ${what}: ${chromiumMissing}`);
}

/** Starts headless Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** The folder screenshots are written to (made if missing). */
export function screenshotsDir(): string {
  const dir = process.env.SCREENSHOTS_DIR ?? mkdtempSync(join(tmpdir(), "wds-shots-"));
  mkdirSync(dir, { recursive: true });
  return dir;
}
