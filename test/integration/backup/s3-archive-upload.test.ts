/**
 * An archive streamed to a real S3 server (s3rver, or MinIO in a container) in parts: the object appears only once the
 * stream ends, holds exactly the bytes written, and an aborted upload leaves no object; a part
 * the server refuses aborts the multipart upload (seen through a recording stand-in, since
 * s3rver has no AbortMultipartUpload).
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { finished as finishedOf, pipeline } from "node:stream/promises";
import test from "ava";
import { Client } from "minio";
import { type S3TestServer, startTestS3Server } from "../../../tools/dev/fixtures/s3-server.js";
import { S3ArchiveUpload } from "../../../tools/m3/backup/s3-archive-upload.js";
import { startS3RecordingProxy } from "../../support/upload/s3-recording-proxy.js";

const BUCKET = "m3-archives";
/** S3's smallest part but the last. */
const PART_BYTES = 5 * 1024 * 1024;

let server: S3TestServer | undefined;
let client: Client;

function clientOf(endpointUrl: string): Client {
  const endpoint = new URL(endpointUrl);
  return new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    pathStyle: true,
    ...(server as S3TestServer).credentials,
  });
}

test.before(async () => {
  server = await startTestS3Server();
  client = clientOf(server.endpoint);
  await client.makeBucket(BUCKET);
});

test.after.always(async () => {
  await server?.stop();
});

async function readObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await client.getObject(BUCKET, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function exists(key: string): Promise<boolean> {
  return client.statObject(BUCKET, key).then(
    () => true,
    () => false,
  );
}

/** Bytes in chunks of 64 KiB, as gzip hands them over. */
function chunked(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 65_536)
    chunks.push(bytes.subarray(start, start + 65_536));
  return Readable.from(chunks);
}

/** The multipart upload a request belongs to (from its query), if any. */
const uploadIdOf = (url: string) => new URL(url, "http://s3").searchParams.get("uploadId");
const isPart = (url: string, part: number) =>
  new URL(url, "http://s3").searchParams.get("partNumber") === String(part) && uploadIdOf(url) !== null;

/** Writes a chunk and waits for its callback, which comes once a filled part is uploaded. */
function write(upload: S3ArchiveUpload, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    upload.write(chunk, (error) => (error ? reject(error) : resolve())),
  );
}

test("an archive of several parts is one object, with the bytes written, once the stream ends", async (t) => {
  const bytes = randomBytes(2 * PART_BYTES + 123_457);
  const key = "nightly/parts.jsonl.gz";
  const upload = new S3ArchiveUpload(client, BUCKET, key, PART_BYTES);
  const finished = finishedOf(upload);
  for (let start = 0; start < bytes.length; start += 65_536)
    await write(upload, bytes.subarray(start, start + 65_536));
  t.false(await exists(key), "two parts are uploaded, the object is not there yet");
  upload.end();
  await finished;
  t.true((await readObject(key)).equals(bytes));
  t.is((await client.statObject(BUCKET, key)).metaData["content-type"], "application/gzip");
});

test("an archive smaller than a part is stored as it was written", async (t) => {
  const bytes = randomBytes(1000);
  await pipeline(chunked(bytes), new S3ArchiveUpload(client, BUCKET, "nightly/small.jsonl.gz", PART_BYTES));
  t.true((await readObject("nightly/small.jsonl.gz")).equals(bytes));
});

test("an upload its writer abandons, after parts were sent, is aborted and leaves no object", async (t) => {
  const proxy = await startS3RecordingProxy((server as S3TestServer).endpoint, () => false);
  try {
    const upload = new S3ArchiveUpload(
      clientOf(proxy.endpoint),
      BUCKET,
      "nightly/aborted.jsonl.gz",
      PART_BYTES,
    );
    await write(upload, randomBytes(PART_BYTES + 10));
    await upload.abort();
    t.deepEqual(
      proxy.requests
        .filter((request) => request.method === "DELETE")
        .map((request) => uploadIdOf(request.url)),
      [uploadIdOf(proxy.requests.find((request) => isPart(request.url, 1))?.url ?? "")],
    );
    t.false(await exists("nightly/aborted.jsonl.gz"));
  } finally {
    await proxy.stop();
  }
});

test("a part the server refuses fails the upload, which aborts its multipart upload and leaves no object", async (t) => {
  const key = "nightly/refused.jsonl.gz";
  const proxy = await startS3RecordingProxy(
    (server as S3TestServer).endpoint,
    (request) => request.method === "PUT" && isPart(request.url, 2),
  );
  try {
    const upload = new S3ArchiveUpload(clientOf(proxy.endpoint), BUCKET, key, PART_BYTES);
    await t.throwsAsync(pipeline(chunked(randomBytes(3 * PART_BYTES + 10)), upload), {
      message: /did not match/,
    });
    const initiated = proxy.requests.filter((request) => request.method === "POST");
    const firstPart = proxy.requests.find((request) => request.method === "PUT" && isPart(request.url, 1));
    const uploadId = firstPart && uploadIdOf(firstPart.url);
    t.is(initiated.length, 1, "one multipart upload was started");
    t.truthy(uploadId);
    const aborts = proxy.requests.filter(
      (request) =>
        request.method === "DELETE" &&
        new URL(request.url, "http://s3").searchParams.get("uploadId") === uploadId,
    );
    t.is(aborts.length, 1, "the upload was aborted once");
    t.false(
      proxy.requests.some((request) => isPart(request.url, 3)),
      "no part was sent after the refused one",
    );
    t.false(await exists(key));
  } finally {
    await proxy.stop();
  }
});
