import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { metricsRegistry } from "../../../services/kit/metrics/metrics-registry.js";
import { ImageService } from "../../../services/upload/services/image.service.js";
import type { ImageStore, PutImageOptions, StoredImage } from "../../../services/upload/store/image-store.js";
import { chunked, patternBytes } from "../../../tools/dev/fixtures/image-bytes.js";
import { capturingLogger } from "../kit/probe-service.js";

/** An in-memory store that keeps what it was given, or fails every write when broken. */
class MemoryStore implements ImageStore {
  readonly images = new Map<string, { bytes: Buffer; options: PutImageOptions }>();
  constructor(private readonly broken = false) {}

  async put(
    key: string,
    bytes: AsyncIterable<Uint8Array>,
    options: PutImageOptions = {},
  ): Promise<StoredImage> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of bytes) chunks.push(chunk);
    if (this.broken) throw new Error("disk full");
    this.images.set(key, { bytes: Buffer.concat(chunks), options });
    return { sizeBytes: Buffer.concat(chunks).length };
  }

  async stat(key: string): Promise<StoredImage | undefined> {
    const found = this.images.get(key);
    return found ? { sizeBytes: found.bytes.length } : undefined;
  }
}

const OPTIONS = { publicUrl: "http://images.example.org/frames", maxBytes: 1000 };
const NAMES = { cameraId: "Ventana", deploymentId: "Ventana 34", name: "V34.jpg" };

test("an upload is filed under the legacy key with the media type its name implies", async (t) => {
  const store = new MemoryStore();
  const location = await new ImageService(store, OPTIONS).upload(NAMES, chunked(patternBytes(1000), 100));
  t.deepEqual(location, { ...NAMES, uri: "http://images.example.org/frames/Ventana/images/0034/V34.jpg" });
  t.deepEqual(store.images.get("Ventana/images/0034/V34.jpg")?.options, { contentType: "image/jpeg" });
});

test("a failing store is INTERNAL 'Failed to save the image', never the cause, which the call's log gets", async (t) => {
  const service = new ImageService(new MemoryStore(true), OPTIONS);
  const { logger, lines } = capturingLogger();
  const error = await t.throwsAsync(service.upload(NAMES, chunked(patternBytes(10)), logger), {
    instanceOf: DomainError,
  });
  t.is(error?.code, "INTERNAL");
  t.is(error?.message, "Failed to save the image");
  t.like(lines[0], { msg: "the image store failed to save an image", err: { message: "disk full" } });
});

test("a failing upload stream is reported as it is, not as a store failure", async (t) => {
  const store = new MemoryStore();
  const service = new ImageService(store, OPTIONS);
  const cancelled = await t.throwsAsync(service.upload(NAMES, chunked(patternBytes(500), 100, 200)));
  t.is(cancelled?.message, "the client went away");
  const tooLarge = await t.throwsAsync(service.upload(NAMES, chunked(patternBytes(1001), 100)), {
    instanceOf: DomainError,
  });
  t.is(tooLarge?.code, "RESOURCE_EXHAUSTED");
  t.is(store.images.size, 0);
});

test("resolve answers NOT_FOUND until an image is stored, then its location", async (t) => {
  const service = new ImageService(new MemoryStore(), OPTIONS);
  const missing = await t.throwsAsync(service.resolve(NAMES), { instanceOf: DomainError });
  t.is(missing?.code, "NOT_FOUND");
  const stored = await service.upload(NAMES, chunked(patternBytes(10)));
  t.deepEqual(await service.resolve(NAMES), stored);
});

/** The value of a counter's series in the shared registry (0 when absent). */
async function counterValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const { values } = (await metricsRegistry.getSingleMetric(name)?.get()) ?? { values: [] };
  const found = values.find((value) => Object.entries(labels).every(([key, v]) => value.labels[key] === v));
  return found?.value ?? 0;
}

test.serial("stored bytes and uploads by result are counted", async (t) => {
  const service = new ImageService(new MemoryStore(), OPTIONS);
  const before = {
    bytes: await counterValue("m3_upload_bytes_total"),
    stored: await counterValue("m3_upload_images_total", { result: "stored" }),
    rejected: await counterValue("m3_upload_images_total", { result: "rejected" }),
  };
  await service.upload(NAMES, chunked(patternBytes(700), 100));
  await t.throwsAsync(service.upload(NAMES, chunked(patternBytes(1001), 100)));
  t.is(await counterValue("m3_upload_bytes_total"), before.bytes + 700);
  t.is(await counterValue("m3_upload_images_total", { result: "stored" }), before.stored + 1);
  t.is(await counterValue("m3_upload_images_total", { result: "rejected" }), before.rejected + 1);
});
