import { createServer } from "node:net";
import test from "ava";
import { decodeJwt } from "jose";
import {
  basic,
  type ConfigStack,
  type RunningKb,
  startConfigStack,
  startKb,
} from "../../support/config/config-stack.js";

const ADMIN = { username: "kbadmin", password: "s3cret pass" };
const PUBLIC_URL = "http://m3.example.org/config";
let kb: RunningKb;
let stack: ConfigStack;

test.before(async () => {
  kb = await startKb(ADMIN);
  stack = await startConfigStack({ M3_KB_GRPC_ADDRESS: kb.address, M3_CONFIG_PUBLIC_URL: PUBLIC_URL });
});

test.after.always(async () => {
  await stack?.stop();
  await kb?.stop();
});

async function tokenFor(headers: Record<string, string>): Promise<string> {
  const reply = await stack.http.request("POST", "/config/auth", { headers });
  if (reply.status !== 200) throw new Error(`auth answered ${reply.status}: ${reply.text}`);
  return (reply.json as { accessToken: string }).accessToken;
}

test("the master key in X-Api-Key gives a token for the user master", async (t) => {
  const reply = await stack.http.request("POST", "/config/auth", { headers: { "x-api-key": stack.apiKey } });
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.json as object), ["accessToken"]);
  const verified = await stack.http.request("POST", "/config/auth/verify", {
    auth: `Bearer ${(reply.json as { accessToken: string }).accessToken}`,
  });
  t.is(verified.status, 200);
  t.deepEqual(verified.json, { iss: "http://www.mbari.org", username: "master" });
});

test("a wrong master key is refused even with good Basic credentials", async (t) => {
  const reply = await stack.http.request("POST", "/config/auth", {
    headers: { "x-api-key": "wrong" },
    auth: basic(ADMIN.username, ADMIN.password),
  });
  t.is(reply.status, 401);
  t.deepEqual(reply.json, { message: "Invalid credentials", responseCode: 401 });
});

test("a kb user's Basic credentials give an HS512 token naming the user, valid for 180 days", async (t) => {
  const token = await tokenFor({ authorization: basic(ADMIN.username, ADMIN.password) });
  const claims = decodeJwt(token);
  t.like(claims, { username: ADMIN.username, email: "", affiliation: "", iss: "http://www.mbari.org" });
  t.is((claims.exp ?? 0) - (claims.iat ?? 0), 180 * 86_400);
  const verified = await stack.http.request("POST", "/config/auth/verify", { auth: `Bearer ${token}` });
  t.deepEqual(verified.json, { username: ADMIN.username, iss: "http://www.mbari.org" });
});

test("the token of a kb user carries the email and affiliation the kb holds", async (t) => {
  await kb.createUser({
    username: "annie",
    password: "annotate!",
    role: "Maint",
    email: "annie@example.org",
    affiliation: "MBARI",
  });
  const token = await tokenFor({ authorization: basic("annie", "annotate!") });
  const verified = await stack.http.request("POST", "/config/auth/verify", { auth: `Bearer ${token}` });
  t.deepEqual(verified.json, {
    username: "annie",
    email: "annie@example.org",
    affiliation: "MBARI",
    iss: "http://www.mbari.org",
  });
});

test("a wrong password or an unknown user is 401, not 500", async (t) => {
  for (const authorization of [basic(ADMIN.username, "wrong"), basic("nobody", "whatever")]) {
    const reply = await stack.http.request("POST", "/config/auth", { auth: authorization });
    t.is(reply.status, 401);
    t.deepEqual(reply.json, { message: "Invalid credentials", responseCode: 401 });
  }
});

test("no credentials, or a header that is not Basic, is 401", async (t) => {
  for (const auth of [undefined, "Bearer abc", "Basic !!!", basic("", "pw")]) {
    const reply = await stack.http.request("POST", "/config/auth", auth ? { auth } : {});
    t.is(reply.status, 401, String(auth));
    t.deepEqual(reply.json, { message: "Missing or invalid basic credentials", responseCode: 401 });
  }
});

test("when the kb cannot be reached, a Basic login is 503 with the JSON error body", async (t) => {
  const closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const lonely = await startConfigStack({ M3_KB_GRPC_ADDRESS: `127.0.0.1:${closedPort}` });
  try {
    const reply = await lonely.http.request("POST", "/config/auth", {
      auth: basic(ADMIN.username, ADMIN.password),
    });
    t.is(reply.status, 503);
    t.deepEqual(reply.json, { message: "The user service (kb) is unavailable", responseCode: 503 });
    const master = await lonely.http.request("POST", "/config/auth", {
      headers: { "x-api-key": lonely.apiKey },
    });
    t.is(master.status, 200);
  } finally {
    await lonely.stop();
  }
});

test("verify refuses a missing token, a token of another service and a tampered one", async (t) => {
  const missing = await stack.http.request("POST", "/config/auth/verify");
  t.is(missing.status, 401);
  t.deepEqual(missing.json, { message: "Invalid credentials: Missing token", responseCode: 401 });
  const other = await startConfigStack();
  try {
    const foreign = await stack.http.request("POST", "/config/auth/verify", {
      auth: `Bearer ${await tokenForStack(other)}`,
    });
    t.is(foreign.status, 401);
    t.deepEqual(foreign.json, { message: "Invalid credentials: Invalid token", responseCode: 401 });
  } finally {
    await other.stop();
  }
  const token = await tokenFor({ "x-api-key": stack.apiKey });
  const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  const reply = await stack.http.request("POST", "/config/auth/verify", { auth: `Bearer ${tampered}` });
  t.is(reply.status, 401);
});

async function tokenForStack(other: ConfigStack): Promise<string> {
  const reply = await other.http.request("POST", "/config/auth", { headers: { "x-api-key": other.apiKey } });
  return (reply.json as { accessToken: string }).accessToken;
}
