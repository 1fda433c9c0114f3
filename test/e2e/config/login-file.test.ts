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

async function encode(on: ConfigStack, authorization: string) {
  return on.http.request("POST", "/config/auth/encode", { auth: authorization });
}

function login(on: ConfigStack, file: string) {
  return on.http.request("POST", "/config/auth/login", { body: file, contentType: "text/plain" });
}

test("encode answers a three-line text file: the public URL, then the encrypted username and password", async (t) => {
  const reply = await encode(stack, basic(ADMIN.username, ADMIN.password));
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^text\/plain/);
  const lines = reply.text.trimEnd().split("\n");
  t.is(lines.length, 3);
  t.is(lines[0], PUBLIC_URL);
  t.false(reply.text.includes(ADMIN.username));
  t.false(reply.text.includes(ADMIN.password));
});

test("the login file, sent back as is, gives a token for its user", async (t) => {
  const file = (await encode(stack, basic(ADMIN.username, ADMIN.password))).text;
  const reply = await login(stack, file);
  t.is(reply.status, 200);
  t.like(decodeJwt((reply.json as { accessToken: string }).accessToken), { username: ADMIN.username });
});

test("encode refuses credentials the kb refuses, and missing ones", async (t) => {
  const wrong = await encode(stack, basic(ADMIN.username, "wrong"));
  t.is(wrong.status, 401);
  t.deepEqual(wrong.json, { message: "Invalid credentials", responseCode: 401 });
  const missing = await stack.http.request("POST", "/config/auth/encode");
  t.is(missing.status, 401);
});

test("a tampered login file is 401", async (t) => {
  const [url = "", username = "", password = ""] = (
    await encode(stack, basic(ADMIN.username, ADMIN.password))
  ).text
    .trimEnd()
    .split("\n");
  const edited = `${username.slice(0, 20)}${username[20] === "x" ? "y" : "x"}${username.slice(21)}`;
  for (const file of [
    [url, edited, password].join("\n"),
    ["http://elsewhere.example.org/config", username, password].join("\n"),
    [url, password, username].join("\n"),
    "not a login file",
  ]) {
    const reply = await login(stack, file);
    t.is(reply.status, 401);
    t.deepEqual(reply.json, { message: "Invalid login file", responseCode: 401 });
  }
});

test("a file from another deployment is 401, unless both share M3_CONFIG_LOGIN_FILE_KEY", async (t) => {
  const foreign = await startConfigStack({ M3_KB_GRPC_ADDRESS: kb.address });
  const sharedKey = { M3_KB_GRPC_ADDRESS: kb.address, M3_CONFIG_LOGIN_FILE_KEY: "shared login-file key" };
  const first = await startConfigStack(sharedKey);
  const second = await startConfigStack(sharedKey);
  try {
    const foreignFile = (await encode(foreign, basic(ADMIN.username, ADMIN.password))).text;
    t.is((await login(stack, foreignFile)).status, 401);
    const sharedFile = (await encode(first, basic(ADMIN.username, ADMIN.password))).text;
    t.is((await login(second, sharedFile)).status, 200);
    t.is((await login(stack, sharedFile)).status, 401);
  } finally {
    await Promise.all([foreign.stop(), first.stop(), second.stop()]);
  }
});
