/**
 * A service with two deliberately broken routes, run as a child process by
 * src/plugins/process-errors.test.ts (an unhandled rejection or uncaught exception would otherwise
 * be caught by the test runner itself). Prints `listening <port>` on stdout, then pino's JSON lines.
 */
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";

const config = loadConfig({
  DATABASE_URL: "sqlite::memory:",
  LOG_LEVEL: "info",
  GENERATION: "off",
  TRACE_REQUEST_IDS: process.env.TRACE_REQUEST_IDS ?? "true",
});
const app = await buildApp(config);
app.get("/broken/rejection", async (request) => {
  // A promise nobody waits for, failing after the answer has gone.
  void new Promise((_resolve, reject) => setTimeout(() => reject(new Error("lost work")), 10));
  return { reqId: request.id };
});
app.get("/broken/exception", async (request) => {
  setTimeout(() => {
    throw new Error("thrown from a timer");
  }, 10);
  return { reqId: request.id };
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
