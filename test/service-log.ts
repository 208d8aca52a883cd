/**
 * What a service process logged, summed up for a test's report and assertions: its pino lines
 * (stdout, JSON) and Node's warning lines (stderr, e.g. db/unavailable.ts `warningLogger`).
 */

/** A log summed up. */
export interface LogSummary {
  /** `"<level> <msg>"` (pino, warn and above) and `"stderr <warning>"` → how many times. */
  messages: Record<string, number>;
  /** What the 503s were answered for (the error handler's line): `"<code> <cause>"` → times, ports elided. */
  reasons: Record<string, number>;
  /** The lines at error level or above: pino 50 (error) and 60 (fatal), and `DatabaseError` warnings. */
  errors: string[];
}

/** Sums up `lines` (stdout, one pino JSON record each; other lines skipped) and `stderr` (text). */
export function summarizeLog(lines: string[], stderr: string): LogSummary {
  const messages: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  const errors: string[] = [];
  for (const line of lines) {
    let record: { msg?: string; level?: number; reason?: string; err?: { code?: string; message?: string } };
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const { msg, level = 0 } = record;
    if (level >= 40) messages[`${level} ${msg}`] = (messages[`${level} ${msg}`] ?? 0) + 1;
    if (level >= 50) errors.push(line);
    const cause = record.reason ?? record.err?.message;
    if (msg?.startsWith("The service is temporarily unavailable") && cause !== undefined) {
      const name = `${record.err?.code ?? ""} ${cause}`.trim().replace(/:\d+/g, ":PORT");
      reasons[name] = (reasons[name] ?? 0) + 1;
    }
  }
  for (const line of stderr.split("\n").filter((l) => l.includes("Warning") || l.includes("Notice"))) {
    const name = line
      .replace(/^\(node:\d+\) /, "")
      .replace(/\{.*$/, "")
      .trim();
    messages[`stderr ${name}`] = (messages[`stderr ${name}`] ?? 0) + 1;
    // The warning channel's error level, for code that runs without the app's log.
    if (line.includes("DatabaseError")) errors.push(line);
  }
  return { messages, reasons, errors };
}
