import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { Client } from "minio";
import { chunkList, patternBytes, sha256 } from "../../../tools/dev/fixtures/image-bytes.js";
import { type S3TestServer, s3UploadEnv, startTestS3Server } from "../../../tools/dev/fixtures/s3-server.js";
import {
  resolveImage,
  startUploadGrpc,
  type UploadGrpc,
  uploadImage,
} from "../../support/upload/upload-grpc.js";

const BUCKET = "m3-grpc-images";
const MAX_BYTES = 1_000_000;
const dataDir = mkdtempSync(join(tmpdir(), "m3-upload-grpc-"));
let s3: S3TestServer;
const stacks: Partial<Record<"s3" | "disk", UploadGrpc>> = {};

test.before(async () => {
  s3 = await startTestS3Server();
  stacks.s3 = await startUploadGrpc(
    { ...s3UploadEnv(s3, BUCKET), M3_UPLOAD_MAX_BYTES: String(MAX_BYTES) },
    dataDir,
  );
  stacks.disk = await startUploadGrpc({ M3_UPLOAD_MAX_BYTES: String(MAX_BYTES) }, dataDir);
});

test.after.always(async () => {
  await Promise.all(Object.values(stacks).map((stack) => stack.stop()));
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The stored bytes behind a returned URI: from the bucket for S3, from the file for disk. */
async function storedBytes(kind: "s3" | "disk", uri: string): Promise<Buffer> {
  if (kind === "disk") return readFile(fileURLToPath(uri));
  const key = decodeURIComponent(new URL(uri).pathname.replace(`/${BUCKET}/`, ""));
  const endpoint = new URL(s3.endpoint);
  const client = new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    pathStyle: true,
    ...s3.credentials,
  });
  return Buffer.concat(await (await client.getObject(BUCKET, key)).toArray());
}

function header(name: string) {
  return { cameraId: "Doc Ricketts", deploymentId: "Doc Ricketts 2309", name, contentType: "image/png" };
}

for (const kind of ["s3", "disk"] as const) {
  const stack = () => stacks[kind] as UploadGrpc;

  test(`${kind}: an upload stores the bytes under the legacy layout and resolve finds them`, async (t) => {
    const { images, bearer } = stack();
    const bytes = patternBytes(300_000, 1);
    const params = await uploadImage(images, header("D2309_01.png"), chunkList(bytes), {
      authorization: bearer,
    });
    t.like(params, { cameraId: "Doc Ricketts", deploymentId: "Doc Ricketts 2309", name: "D2309_01.png" });
    t.true(params.uri.endsWith("/Doc%20Ricketts/images/2309/D2309_01.png"));
    t.is(sha256(await storedBytes(kind, params.uri)), sha256(bytes));
    t.deepEqual(await resolveImage(images, header("D2309_01.png")), params);
  });

  test(`${kind}: uploading needs a JWT`, async (t) => {
    const { images } = stack();
    const error = await t.throwsAsync<grpc.ServiceError>(
      uploadImage(images, header("nope.png"), chunkList(patternBytes(10))),
    );
    t.is(error?.code, grpc.status.UNAUTHENTICATED);
    const missing = await t.throwsAsync<grpc.ServiceError>(resolveImage(images, header("nope.png")));
    t.is(missing?.code, grpc.status.NOT_FOUND);
  });

  test(`${kind}: an image over the size limit is RESOURCE_EXHAUSTED and the previous one stays`, async (t) => {
    const { images, bearer } = stack();
    const original = patternBytes(1000, 2);
    const first = await uploadImage(images, header("limit.png"), chunkList(original), {
      authorization: bearer,
    });
    const error = await t.throwsAsync<grpc.ServiceError>(
      uploadImage(images, header("limit.png"), chunkList(patternBytes(MAX_BYTES + 1, 3)), {
        authorization: bearer,
      }),
    );
    t.is(error?.code, grpc.status.RESOURCE_EXHAUSTED);
    t.is(sha256(await storedBytes(kind, first.uri)), sha256(original));
  });

  test(`${kind}: an image of exactly the size limit is accepted`, async (t) => {
    const { images, bearer } = stack();
    const bytes = patternBytes(MAX_BYTES, 4);
    const params = await uploadImage(images, header("exact.png"), chunkList(bytes), {
      authorization: bearer,
    });
    t.is((await storedBytes(kind, params.uri)).length, MAX_BYTES);
  });

  test(`${kind}: an upload the client cancels stores nothing`, async (t) => {
    const { images, bearer } = stack();
    const error = await t.throwsAsync<grpc.ServiceError>(
      uploadImage(images, header("cancelled.png"), chunkList(patternBytes(600_000, 5)), {
        authorization: bearer,
        cancelAfterChunks: 3,
      }),
    );
    t.is(error?.code, grpc.status.CANCELLED);
    await new Promise((settle) => setTimeout(settle, 200));
    const missing = await t.throwsAsync<grpc.ServiceError>(resolveImage(images, header("cancelled.png")));
    t.is(missing?.code, grpc.status.NOT_FOUND);
  });

  test(`${kind}: an upload without a header, an empty one and a bad name are INVALID_ARGUMENT`, async (t) => {
    const { images, bearer } = stack();
    const options = { authorization: bearer };
    const chunks = chunkList(patternBytes(10));
    for (const attempt of [
      uploadImage(images, undefined, chunks, options),
      uploadImage(images, header("empty.png"), [], options),
      uploadImage(images, { ...header("x.png"), cameraId: "../up" }, chunks, options),
    ]) {
      const error = await t.throwsAsync<grpc.ServiceError>(attempt);
      t.is(error?.code, grpc.status.INVALID_ARGUMENT);
    }
    const missing = await t.throwsAsync<grpc.ServiceError>(resolveImage(images, header("empty.png")));
    t.is(missing?.code, grpc.status.NOT_FOUND);
  });
}
