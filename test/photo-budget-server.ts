/**
 * The service as `winedata serve` starts it (`startServer`, the real OCR pool), run as a child process
 * by test/photo-burst.test.ts, plus one test hook: on SIGUSR2 the photo time budget
 * (`PHOTO_TIMEOUT_MS`) becomes `PHOTO_TIMEOUT_LATER_MS` and `photo budget <ms> ms` is printed. So the
 * same process can be sent bursts of photos with a budget too short for any reading and then a photo
 * with a budget a reading fits in.
 */
import { loadConfig } from "../src/config.ts";
import { startServer } from "../src/server.ts";

const app = await startServer(loadConfig());
process.on("SIGUSR2", () => {
  app.labels.timeoutMs = Number(process.env.PHOTO_TIMEOUT_LATER_MS);
  process.stdout.write(`photo budget ${app.labels.timeoutMs} ms\n`);
});
