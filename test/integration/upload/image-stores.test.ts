import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { Client } from "minio";
import { DEFAULT_REGION } from "../../../services/upload/config.js";
import { DiskImageStore } from "../../../services/upload/store/disk-image-store.js";
import type { ImageStore } from "../../../services/upload/store/image-store.js";
import { DEFAULT_PART_BYTES, S3ImageStore } from "../../../services/upload/store/s3-image-store.js";
import { chunked, patternBytes, sha256 } from "../../../tools/dev/fixtures/image-bytes.js";
import { type S3TestServer, startTestS3Server } from "../../../tools/dev/fixtures/s3-server.js";

const BUCKET = "m3-test-images";
let s3: S3TestServer;
let client: Client;
let diskRoot: string;

interface StoreUnderTest {
  store: ImageStore;
  read(key: string): Promise<Buffer>;
}

const stores: Record<"s3" | "disk", () => Promise<StoreUnderTest>> = {
  s3: async () => ({
    store: await S3ImageStore.open(s3Settings()),
    read: async (key) => Buffer.concat(await (await client.getObject(BUCKET, key)).toArray()),
  }),
  disk: async () => ({
    store: new DiskImageStore(diskRoot),
    read: (key) => readFile(join(diskRoot, ...key.split("/"))),
  }),
};

function s3Settings(bucket = BUCKET) {
  return {
    kind: "s3" as const,
    endpoint: new URL(s3.endpoint),
    bucket,
    region: DEFAULT_REGION,
    ...s3.credentials,
  };
}

test.before(async () => {
  s3 = await startTestS3Server();
  const endpoint = new URL(s3.endpoint);
  client = new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    pathStyle: true,
    ...s3.credentials,
  });
  diskRoot = mkdtempSync(join(tmpdir(), "m3-upload-disk-"));
});

test.after.always(async () => {
  await s3?.stop();
  if (diskRoot) rmSync(diskRoot, { recursive: true, force: true });
});

test("the S3 store creates its bucket when missing and opens an existing one unchanged", async (t) => {
  t.false(await client.bucketExists("m3-fresh-bucket"));
  const first = await S3ImageStore.open(s3Settings("m3-fresh-bucket"));
  t.true(await client.bucketExists("m3-fresh-bucket"));
  await first.put("a/images/0001/x.png", chunked(patternBytes(10)));
  const second = await S3ImageStore.open(s3Settings("m3-fresh-bucket"));
  t.is((await second.stat("a/images/0001/x.png"))?.sizeBytes, 10);
});

test("the S3 store records the content type with the object", async (t) => {
  const { store } = await stores.s3();
  await store.put("cam/images/0002/typed.jpg", chunked(patternBytes(100)), { contentType: "image/jpeg" });
  t.deepEqual(await store.stat("cam/images/0002/typed.jpg"), { sizeBytes: 100, contentType: "image/jpeg" });
});

for (const kind of ["s3", "disk"] as const) {
  test(`${kind}: put streams the bytes to the key and stat reports their size`, async (t) => {
    const { store, read } = await stores[kind]();
    const bytes = patternBytes(300_000, 2);
    const stored = await store.put("Doc Ricketts/images/2309/D2309_01.png", chunked(bytes));
    t.is(stored.sizeBytes, bytes.length);
    t.is((await store.stat("Doc Ricketts/images/2309/D2309_01.png"))?.sizeBytes, bytes.length);
    t.is(sha256(await read("Doc Ricketts/images/2309/D2309_01.png")), sha256(bytes));
  });

  test(`${kind}: an image larger than one part arrives whole`, async (t) => {
    const { store, read } = await stores[kind]();
    const bytes = patternBytes(2 * DEFAULT_PART_BYTES + 12_345, 3);
    const stored = await store.put("big/images/0001/big.png", chunked(bytes));
    t.is(stored.sizeBytes, bytes.length);
    t.is(sha256(await read("big/images/0001/big.png")), sha256(bytes));
  });

  test(`${kind}: put replaces an existing image`, async (t) => {
    const { store, read } = await stores[kind]();
    await store.put("cam/images/0003/same.png", chunked(patternBytes(1000, 4)));
    const replacement = patternBytes(500, 5);
    await store.put("cam/images/0003/same.png", chunked(replacement));
    t.is((await store.stat("cam/images/0003/same.png"))?.sizeBytes, 500);
    t.is(sha256(await read("cam/images/0003/same.png")), sha256(replacement));
  });

  for (const [label, total, failAfter] of [
    ["within the first part", 200_000, 100_000],
    ["after several parts", 3 * DEFAULT_PART_BYTES, 2 * DEFAULT_PART_BYTES + 65_536],
  ] as const) {
    test(`${kind}: a source that fails ${label} leaves the previous image in place`, async (t) => {
      const { store, read } = await stores[kind]();
      const key = `cam/images/0004/fail-${total}.png`;
      const original = patternBytes(777, 6);
      await store.put(key, chunked(original));
      const error = await t.throwsAsync(store.put(key, chunked(patternBytes(total, 7), 65_536, failAfter)));
      t.is(error?.message, "the client went away");
      t.is(sha256(await read(key)), sha256(original));
    });
  }

  test(`${kind}: stat of a missing image is undefined`, async (t) => {
    const { store } = await stores[kind]();
    t.is(await store.stat("nobody/images/0000/none.png"), undefined);
    t.is(await store.stat("cam/images/0003/same.png/deeper"), undefined);
  });
}

test("disk: a failed upload leaves no temporary file behind", async (t) => {
  const { store } = await stores.disk();
  await t.throwsAsync(store.put("cam/images/0006/gone.png", chunked(patternBytes(200_000), 65_536, 100_000)));
  t.deepEqual(await readdir(join(diskRoot, "cam", "images", "0006")), []);
});

test("disk: a key that would leave the folder is refused", async (t) => {
  const { store } = await stores.disk();
  await t.throwsAsync(store.put("../outside.png", chunked(patternBytes(10))), { message: /escapes/ });
  await t.throwsAsync(store.stat("a/../../outside.png"), { message: /escapes/ });
});
