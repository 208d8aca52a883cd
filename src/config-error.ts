/** The error of a setting that cannot be used (config.ts and config-customers.ts raise it). */

/** Raised for a setting that cannot be used; the message names the variable and the accepted form. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
