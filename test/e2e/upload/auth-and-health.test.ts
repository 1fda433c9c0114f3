import test from "ava";
import { SignJWT } from "jose";
import { patternBytes } from "../../../tools/dev/fixtures/image-bytes.js";
import { postMultipart, startUploadStack, type UploadStack } from "../../support/upload/upload-stack.js";

let stack: UploadStack;

test.before(async () => {
  stack = await startUploadStack("disk");
});

test.after.always(async () => {
  await stack?.stop();
});

test("POST /panoptes/v1/auth exchanges the API key for an HS512 JWT in the snake_case body", async (t) => {
  const reply = await stack.http.request("POST", "/panoptes/v1/auth", { auth: "ApiKey wrong" });
  t.is(reply.status, 401);
  t.deepEqual(reply.json, { message: "Invalid API key", responseCode: 401 });
  const token = await stack.http.request("POST", "/panoptes/v1/auth", { auth: `APIKEY ${stack.apiKey}` });
  t.is(token.status, 200);
  const body = token.json as { token_type: string; access_token: string };
  t.is(body.token_type, "Bearer");
  const header = JSON.parse(Buffer.from(body.access_token.split(".")[0] ?? "", "base64url").toString());
  t.is(header.alg, "HS512");
});

test("GET /panoptes/v1/health answers the legacy record naming panoptes", async (t) => {
  const reply = await stack.http.get("/panoptes/v1/health");
  t.is(reply.status, 200);
  t.like(reply.json, { application: "panoptes", description: "Image Archiver" });
  t.true(((reply.json as { freeMemory: number }).freeMemory ?? 0) > 0);
});

test("an upload without a token, with a forged one or an expired one is 401 JSON and stores nothing", async (t) => {
  const path = "/panoptes/v1/images/cam/dive/guarded.png";
  const file = { bytes: patternBytes(100) };
  const missing = await postMultipart(stack, path, file);
  t.is(missing.status, 401);
  t.deepEqual(missing.json, { message: "Missing token", responseCode: 401 });
  const now = Math.floor(Date.now() / 1000);
  const sign = (secret: string, exp: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setIssuer("http://www.mbari.org")
      .setIssuedAt(now - 7200)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  for (const token of [await sign("not-the-secret", now + 3600), await sign(stack.signingSecret, now - 60)]) {
    const invalid = await postMultipart(stack, path, file, { authorization: `Bearer ${token}` });
    t.is(invalid.status, 401);
    t.deepEqual(invalid.json, { message: "Invalid token", responseCode: 401 });
  }
  t.is((await stack.http.get(path)).status, 404);
});

test("/panoptes/docs serves an OpenAPI document listing the four upload routes below the base path", async (t) => {
  const document = (await stack.http.get("/panoptes/docs/openapi.json")).json as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  t.deepEqual(operations.sort(), [
    "GET /v1/health",
    "GET /v1/images/{camera_id}/{deployment_id}/{name}",
    "POST /v1/auth",
    "POST /v1/images/{camera_id}/{deployment_id}/{name}",
  ]);
});
