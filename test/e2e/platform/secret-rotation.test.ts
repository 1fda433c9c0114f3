/**
 * Rotating the API key and the signing secret as docs/operations.md's procedure does it, one restart
 * (a rolling update in a cluster) per step: tokens already out keep working until they expire,
 * new tokens name the new secret in their kid, and a retired secret's tokens get 401.
 */
import test from "ava";
import { decodeProtectedHeader } from "jose";
import { signingKeyId } from "../../../services/kit/auth/token-service.js";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

const OLD = { key: "old-api-key", secret: "old-signing-secret" };
const NEW = { key: "new-api-key", secret: "new-signing-secret" };

async function withPlatform<T>(env: Record<string, string>, work: (base: string) => Promise<T>): Promise<T> {
  const platform: TestPlatform = await startTestPlatform("sqlite", env);
  try {
    return await work(platform.http.baseUrl);
  } finally {
    await platform.stop();
  }
}

async function tokenFor(base: string, key: string): Promise<{ status: number; token?: string }> {
  const reply = await fetch(`${base}/vam/v1/auth`, {
    method: "POST",
    headers: { Authorization: `APIKEY ${key}` },
  });
  const body = (await reply.json()) as { access_token?: string };
  return { status: reply.status, token: body.access_token };
}

async function write(base: string, token: string | undefined): Promise<number> {
  const reply = await fetch(`${base}/vam/v1/videosequences`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams({ name: `rotation-${Math.random()}`, camera_id: "cam" }),
  });
  return reply.status;
}

test("rotating the API key and the signing secret keeps old tokens until retired, and new tokens carry the new kid", async (t) => {
  // Before: one key, one secret.
  const before = await withPlatform({ M3_API_KEY: OLD.key, M3_SIGNING_SECRET: OLD.secret }, (base) =>
    tokenFor(base, OLD.key),
  );
  t.is(decodeProtectedHeader(before.token ?? "").kid, signingKeyId(OLD.secret));

  // Step 1: the new key is accepted too, the new secret verifies but does not sign yet.
  await withPlatform(
    {
      M3_API_KEY: OLD.key,
      M3_API_KEYS: NEW.key,
      M3_SIGNING_SECRET: OLD.secret,
      M3_PREVIOUS_SIGNING_SECRETS: NEW.secret,
    },
    async (base) => {
      t.is(await write(base, before.token), 200, "the old token still works");
      t.is((await tokenFor(base, NEW.key)).status, 200, "the new key is accepted");
    },
  );

  // Step 2: the new key and secret are current; the old key and secret are still accepted.
  const during = await withPlatform(
    {
      M3_API_KEY: NEW.key,
      M3_API_KEYS: OLD.key,
      M3_SIGNING_SECRET: NEW.secret,
      M3_PREVIOUS_SIGNING_SECRETS: OLD.secret,
    },
    async (base) => {
      t.is(await write(base, before.token), 200, "a token of the previous secret still works");
      t.is((await tokenFor(base, OLD.key)).status, 200, "the old key still works");
      const fresh = await tokenFor(base, NEW.key);
      t.is(decodeProtectedHeader(fresh.token ?? "").kid, signingKeyId(NEW.secret));
      t.is(await write(base, fresh.token), 200);
      return fresh;
    },
  );

  // Step 3 (once the old tokens have expired): the old secret is retired.
  await withPlatform({ M3_API_KEY: NEW.key, M3_SIGNING_SECRET: NEW.secret }, async (base) => {
    t.is(await write(base, before.token), 401, "a token of the retired secret is refused");
    t.is((await tokenFor(base, OLD.key)).status, 401, "the retired key is refused");
    t.is(await write(base, during.token), 200);
  });
});
