import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import test from "ava";
import { patternBytes, sha256 } from "../../../tools/dev/fixtures/image-bytes.js";
import {
  postMultipart,
  startUploadStack,
  UPLOAD_STORES,
  type UploadStack,
  type UploadStoreKind,
} from "../../support/upload/upload-stack.js";

const MAX_BYTES = 1_000_000;
const stacks: Partial<Record<UploadStoreKind, UploadStack>> = {};

test.before(async () => {
  for (const kind of UPLOAD_STORES) {
    stacks[kind] = await startUploadStack(kind, { M3_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  }
});

test.after.always(async () => {
  await Promise.all(Object.values(stacks).map((stack) => stack.stop()));
});

/** What a client gets from the returned URI: an HTTP GET for S3, the file for file: URLs. */
async function fetchUri(uri: string): Promise<Buffer> {
  if (uri.startsWith("file:")) return readFile(fileURLToPath(uri));
  const response = await fetch(uri);
  if (response.status !== 200) throw new Error(`GET ${uri} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const PATH = "/panoptes/v1/images/Doc%20Ricketts/Doc%20Ricketts%202309/D2309_01_02_03.png";

for (const kind of UPLOAD_STORES) {
  const stack = () => stacks[kind] as UploadStack;
  const bearer = async () => `Bearer ${await stack().http.token()}`;

  test(`${kind}: a multipart upload answers 200 camelCase ImageParams whose uri serves the bytes`, async (t) => {
    const bytes = patternBytes(700_000, 1);
    const reply = await postMultipart(stack(), PATH, { bytes }, { authorization: await bearer() });
    t.is(reply.status, 200, reply.text);
    const params = reply.json as Record<string, string>;
    t.deepEqual(Object.keys(params).sort(), ["cameraId", "deploymentId", "name", "uri"]);
    t.like(params, {
      cameraId: "Doc Ricketts",
      deploymentId: "Doc Ricketts 2309",
      name: "D2309_01_02_03.png",
    });
    t.true(params.uri?.endsWith("/Doc%20Ricketts/images/2309/D2309_01_02_03.png"), params.uri);
    t.is(sha256(await fetchUri(params.uri ?? "")), sha256(bytes));
  });

  test(`${kind}: GET resolves a stored image to the same ImageParams and a missing one to 404`, async (t) => {
    const path = "/panoptes/v1/images/Ventana/Ventana%2034/V0034_a.jpg";
    const stored = await postMultipart(
      stack(),
      path,
      { bytes: patternBytes(5000, 2), contentType: "image/jpeg", filename: "whatever.bin" },
      { authorization: await bearer() },
    );
    t.is(stored.status, 200, stored.text);
    t.true((stored.json as { uri: string }).uri.endsWith("/Ventana/images/0034/V0034_a.jpg"));
    const resolved = await stack().http.get(path);
    t.is(resolved.status, 200);
    t.deepEqual(resolved.json, stored.json);
    const missing = await stack().http.get("/panoptes/v1/images/Ventana/Ventana%2034/nothing.jpg");
    t.is(missing.status, 404);
    t.is((missing.json as { responseCode: number }).responseCode, 404);
  });

  test(`${kind}: uploading again under the same names replaces the image`, async (t) => {
    const path = "/panoptes/v1/images/cam/dive/replaced.png";
    const authorization = await bearer();
    await postMultipart(stack(), path, { bytes: patternBytes(9000, 3) }, { authorization });
    const replacement = patternBytes(4000, 4);
    const reply = await postMultipart(stack(), path, { bytes: replacement }, { authorization });
    t.is(reply.status, 200);
    t.is(sha256(await fetchUri((reply.json as { uri: string }).uri)), sha256(replacement));
  });

  test(`${kind}: an image over the size limit is 413 JSON and the previous image stays`, async (t) => {
    const path = "/panoptes/v1/images/cam/dive/limited.png";
    const authorization = await bearer();
    const original = patternBytes(1000, 5);
    const first = await postMultipart(stack(), path, { bytes: original }, { authorization });
    const reply = await postMultipart(
      stack(),
      path,
      { bytes: patternBytes(MAX_BYTES + 1, 6) },
      { authorization },
    );
    t.is(reply.status, 413);
    t.is((reply.json as { responseCode: number }).responseCode, 413);
    t.is(sha256(await fetchUri((first.json as { uri: string }).uri)), sha256(original));
  });

  test(`${kind}: a body without the file part, or with an empty file, is 400 JSON`, async (t) => {
    const authorization = await bearer();
    const path = "/panoptes/v1/images/cam/dive/nofile.png";
    const noFile = await postMultipart(stack(), path, undefined, { authorization, fields: { note: "x" } });
    t.is(noFile.status, 400, noFile.text);
    const otherField = await postMultipart(
      stack(),
      path,
      { bytes: patternBytes(10), field: "image" },
      { authorization },
    );
    t.is(otherField.status, 400, otherField.text);
    const empty = await postMultipart(stack(), path, { bytes: Buffer.alloc(0) }, { authorization });
    t.is(empty.status, 400, empty.text);
    t.is((empty.json as { responseCode: number }).responseCode, 400);
    t.is((await stack().http.get(path)).status, 404);
  });

  test(`${kind}: names that would leave the image folder are 400 JSON`, async (t) => {
    const authorization = await bearer();
    for (const path of [
      "/panoptes/v1/images/cam/dive/..%2F..%2Fescape.png",
      "/panoptes/v1/images/cam/..%5C..%5Cdive/x.png",
      "/panoptes/v1/images/cam/dive/.hidden",
    ]) {
      const reply = await postMultipart(stack(), path, { bytes: patternBytes(10) }, { authorization });
      t.is(reply.status, 400, `${path}: ${reply.text}`);
      t.is((reply.json as { responseCode: number }).responseCode, 400);
    }
  });
}
