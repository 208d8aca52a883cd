/**
 * The part of newman's programmatic API that scripts/postman.ts uses (newman ships no types, and
 * @types/newman is not a dependency). See https://github.com/postmanlabs/newman#api-reference.
 */
declare module "newman" {
  /** Options of {@link run}. */
  export interface NewmanRunOptions {
    /** A Postman collection (v2.1 JSON object) or a path to one. */
    collection: object | string;
    /** Reporters by name, e.g. `["cli"]`. */
    reporters?: string | string[];
    /** Longest wait for one response, in milliseconds. */
    timeoutRequest?: number;
  }

  /** What a finished run reports. */
  export interface NewmanRunSummary {
    run: {
      /** One entry per failed assertion, script error or request error. */
      failures: { error: { name: string; message: string }; source?: { name?: string } }[];
      stats: Record<string, { total: number; failed: number }>;
    };
  }

  /** Runs a collection; `callback` gets an error only when the run could not be made at all. */
  export function run(
    options: NewmanRunOptions,
    callback: (err: Error | null, summary: NewmanRunSummary) => void,
  ): unknown;

  const newman: { run: typeof run };
  export default newman;
}
