import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService({ BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
});
after(() => s.close());

const photo = readFileSync(new URL("../../../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
  "base64",
);

test("a valid photo gets the honest 503 until recognition exists", async () => {
  for (const encoded of [photo, `data:image/jpeg;base64,${photo}`]) {
    const res = await s.request("/photo/analyze", { body: { photo: encoded, max_results: 5 } });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, "service_unavailable");
  }
});

test("undecodable data: 422 invalid_image", async () => {
  const cases = [
    Buffer.from("this is not an image").toString("base64"),
    "%%%not-base64%%%",
    photo.slice(0, 2000),
    "data:text/plain;base64,aGVsbG8=",
  ];
  for (const encoded of cases) {
    const res = await s.request("/photo/analyze", { body: { photo: encoded } });
    assert.equal(res.status, 422, encoded.slice(0, 30));
    assert.deepEqual(res.body, { message: "Could not decode image data", code: "invalid_image" });
  }
});

test("more than 40 megapixels: 422", async () => {
  const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const res = await s.request("/photo/analyze", { body: { photo: huge.toString("base64") } });
  assert.equal(res.status, 422);
  assert.equal(res.body.code, "invalid_image");
  assert.match(res.body.message, /40 megapixels/);
});

test("request validation: missing photo, max_results bounds, malformed JSON, body too large", async () => {
  const missing = await s.request("/photo/analyze", { body: {} });
  assert.deepEqual([missing.status, missing.body.errors], [422, { photo: ["The photo field is required."] }]);
  for (const max of [0, 51]) {
    const res = await s.request("/photo/analyze", { body: { photo, max_results: max } });
    assert.equal(res.status, 422);
    assert.ok(res.body.errors.max_results);
  }
  const malformed = await s.request("/photo/analyze", {
    rawBody: '{"photo":',
    headers: { "content-type": "application/json" },
  });
  assert.deepEqual([malformed.status, malformed.body.code], [400, "malformed_json"]);
  const text = await s.request("/photo/analyze", {
    rawBody: "photo",
    headers: { "content-type": "text/plain" },
  });
  assert.deepEqual([text.status, text.body.code], [415, "unsupported_media_type"]);
  const big = await s.request("/photo/analyze", { body: { photo: "A".repeat(3 * 1024 * 1024) } });
  assert.deepEqual([big.status, big.body.code], [413, "payload_too_large"]);
  const health = await s.request("/health", { key: null });
  assert.equal(health.status, 200);
});
