/**
 * The memory row of the load benchmark (issue 19): the service's memory around a burst of label
 * photos after the load rows, with its response cache full. The 30 dev photos (test/fixtures/labels)
 * are analysed one after another (a 503 while the matcher is first built is asked again a second
 * later), sampling the RSS of the service and its child processes (the OCR processes) every
 * second; then every 5 s for {@link AFTER_S} s after the last photo (the OCR processes and the
 * matcher's thread stop after `OCR_IDLE_MS` / `MATCHER_IDLE_MS`, 30 s by default).
 */
import { treeRss } from "./load-setup.ts";
import { analyzeTimed, devPhotos } from "./support.ts";

/** Seconds sampled after the last photo. */
const AFTER_S = 60;

/** What the photo burst did to the service's memory (MB: the service and its child processes). */
export interface PhotoMemory {
  photos: number;
  /** Time of the first photo (it starts the OCR process and waits for the matcher's build), ms. */
  first_photo_ms: number;
  before_mb: number;
  /** Highest sample during the burst. */
  peak_mb: number;
  /** RSS 5, 10, … {@link AFTER_S} s after the last photo. */
  after: { s: number; rss_mb: number }[];
}

/** Analyses the dev photos on `base` with `key` while sampling the memory of process `pid`. */
export async function photoMemory(base: string, key: string, pid: number): Promise<PhotoMemory> {
  const photos = devPhotos();
  const before = treeRss(pid).rss_mb;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid).rss_mb);
  }, 1000);
  let firstPhotoMs = 0;
  try {
    for (const [i, photo] of photos.entries()) {
      const ms = await analyzeTimed(base, key, photo);
      if (i === 0) firstPhotoMs = ms;
      peak = Math.max(peak, treeRss(pid).rss_mb);
    }
  } finally {
    clearInterval(sampler);
  }
  const after: PhotoMemory["after"] = [];
  for (let s = 5; s <= AFTER_S; s += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    after.push({ s, rss_mb: treeRss(pid).rss_mb });
  }
  return { photos: photos.length, first_photo_ms: firstPhotoMs, before_mb: before, peak_mb: peak, after };
}
