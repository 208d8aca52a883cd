/**
 * Preloaded into a service under test (`NODE_OPTIONS=--import=<this file>` with LOADED_MODULES_FILE
 * set): appends the URL of every module the ESM loader loads to that file, one per line. The same file
 * is the loader hooks module (`initialize`, `load`), registered from the main thread.
 */
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

let file = "";

/** Hooks thread: the file to append to. */
export function initialize(data) {
  file = data;
}

/** Hooks thread: records `url`, then loads it as usual. */
export function load(url, context, next) {
  appendFileSync(file, `${url}\n`);
  return next(url, context);
}

if (isMainThread && process.env.LOADED_MODULES_FILE) {
  register(import.meta.url, { data: process.env.LOADED_MODULES_FILE });
}
