/**
 * Opening a catalogue source file (an LWIN CSV, an Open Food Facts JSONL dump) as a byte stream,
 * gzip-compressed or not, and what the parsers share to describe a record.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import type { SourceRecord } from "./source-record.ts";

/** The two bytes every gzip member starts with (RFC 1952 §2.3.1, ID1 ID2). */
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * A readable stream of the file's bytes, decompressed when the file starts with the gzip magic bytes
 * 1f 8b (whatever its name says; several gzip members one after another are read as one stream).
 * Streams in chunks (64 KiB), never holding the file. A missing or unreadable file rejects with
 * Node's error (ENOENT …); a corrupt gzip stream makes the returned stream emit an error.
 */
export async function openSourceFile(file: string): Promise<Readable> {
  const handle = await open(file, "r");
  let gzipped: boolean;
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    gzipped = bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file, { highWaterMark: 64 * 1024 });
  if (!gzipped) return raw;
  const gunzip = createGunzip();
  // pipeline destroys the gunzip stream with the file's error, so a reader sees it.
  pipeline(raw, gunzip, () => {});
  return gunzip;
}

/** Trimmed, NFC-normalised, inner runs of white space collapsed to one space. */
export function cleanText(text: string | undefined | null): string {
  return (text ?? "").normalize("NFC").replace(/\s+/g, " ").trim();
}

/**
 * SHA-1 (hex, 40 characters) of a record's mapped fields in a fixed order, so that equal content gives
 * an equal fingerprint in every run and process (the import writes nothing for an unchanged record).
 */
export function recordFingerprint(record: Omit<SourceRecord, "fingerprint">): string {
  const fields = [
    record.source,
    record.key,
    record.status,
    record.combinedInto,
    record.producer.name,
    record.producer.title,
    record.wineName,
    record.color,
    record.type,
    record.subType,
    record.country,
    record.region,
    record.appellation,
    record.classification,
    record.gtins,
    record.grapes,
    record.abv,
    record.vintage,
  ];
  return createHash("sha1").update(JSON.stringify(fields)).digest("hex");
}
