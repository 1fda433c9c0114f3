import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { VideoFileTickets } from "../../../services/capture/video-files/video-file-tickets.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { type CaptureStack, replyOf, startCaptureStack } from "../../../tools/dev/fixtures/capture-stack.js";

let stack: CaptureStack;
let inProcess: CaptureStack;
let folder = "";
let root = "";
let clipUrl = "";
const clip = randomBytes(300_000);
let userToken = "";

test.before(async () => {
  folder = await mkdtemp(join(tmpdir(), "m3-video-files-"));
  root = join(folder, "videos");
  await mkdir(join(root, "dive"), { recursive: true });
  await writeFile(join(root, "dive", "clip.mp4"), clip);
  await writeFile(join(folder, "secret.mp4"), "SECRET-CONTENT");
  await symlink(join(folder, "secret.mp4"), join(root, "escape.mp4"));
  clipUrl = pathToFileURL(join(root, "dive", "clip.mp4")).href;
  stack = await startCaptureStack({ CAPTURE_FILE_ROOTS: root, CAPTURE_VIDEO_TICKET_SECONDS: "60" });
  inProcess = await startCaptureStack({ CAPTURE_FILE_ROOTS: root }, { inProcess: true });
  userToken = await userTokenOf(stack);
});

test.after.always(async () => {
  await stack?.stop();
  await inProcess?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function askTicket(on: CaptureStack, videoUrl: string, authorization?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  return replyOf(
    await fetch(`${on.baseUrl}/capture/media/tickets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ videoUrl }),
    }),
  );
}

function userTokenOf(on: CaptureStack): Promise<string> {
  return new TokenService({ signingSecret: on.signingSecret, issuer: "http://www.mbari.org" }).issue({
    name: "demo-annotator",
    role: "Annotator",
  });
}

async function ticketFor(on: CaptureStack, videoUrl: string): Promise<string> {
  const reply = await askTicket(on, videoUrl, `Bearer ${await userTokenOf(on)}`);
  return (reply.json as { ticket: string }).ticket;
}

async function readMedia(
  on: CaptureStack,
  ticket: string,
  headers: Record<string, string> = {},
  method = "GET",
) {
  return replyOf(
    await fetch(`${on.baseUrl}/capture/media?ticket=${encodeURIComponent(ticket)}`, { method, headers }),
  );
}

test("a signed-in user's ticket plays the whole file: 200, its type, length, Accept-Ranges and validators", async (t) => {
  const reply = await askTicket(stack, clipUrl, `Bearer ${userToken}`);
  t.is(reply.status, 200);
  const issued = reply.json as { ticket: string; expiresAtMillis: number; videoUrl: string };
  t.is(issued.videoUrl, clipUrl);
  t.true(issued.expiresAtMillis > Date.now() + 50_000 && issued.expiresAtMillis <= Date.now() + 60_000);
  const media = await readMedia(stack, issued.ticket);
  t.is(media.status, 200);
  t.is(media.headers.get("content-type"), "video/mp4");
  t.is(media.headers.get("content-length"), String(clip.length));
  t.is(media.headers.get("accept-ranges"), "bytes");
  t.regex(media.headers.get("etag") ?? "", /^".+"$/);
  t.truthy(Date.parse(media.headers.get("last-modified") ?? ""));
  t.is(media.headers.get("content-range"), null);
  t.true(media.body.equals(clip));
});

test("one byte range is a 206 with Content-Range and exactly those bytes, in either transport", async (t) => {
  for (const on of [stack, inProcess]) {
    const ticket = await ticketFor(on, clipUrl);
    const cases: [string, number, number][] = [
      ["bytes=100-199", 100, 199],
      ["bytes=299000-", 299_000, clip.length - 1],
      ["bytes=-50", clip.length - 50, clip.length - 1],
      ["bytes=299990-400000", 299_990, clip.length - 1],
    ];
    for (const [range, first, last] of cases) {
      const reply = await readMedia(on, ticket, { Range: range });
      t.is(reply.status, 206, range);
      t.is(reply.headers.get("content-range"), `bytes ${first}-${last}/${clip.length}`, range);
      t.is(reply.headers.get("content-length"), String(last - first + 1), range);
      t.true(reply.body.equals(clip.subarray(first, last + 1)), range);
    }
  }
});

test("a range past the end is a 416 naming the size; several ranges or a stale If-Range send the whole file", async (t) => {
  const ticket = await ticketFor(stack, clipUrl);
  const past = await readMedia(stack, ticket, { Range: `bytes=${clip.length}-` });
  t.is(past.status, 416);
  t.is(past.headers.get("content-range"), `bytes */${clip.length}`);
  t.is((past.json as { responseCode: number }).responseCode, 416);
  const several = await readMedia(stack, ticket, { Range: "bytes=0-9,20-29" });
  t.is(several.status, 200);
  t.is(several.body.length, clip.length);
  const stale = await readMedia(stack, ticket, { Range: "bytes=0-9", "If-Range": '"not-this-file"' });
  t.is(stale.status, 200);
  const etag = stale.headers.get("etag") ?? "";
  const fresh = await readMedia(stack, ticket, { Range: "bytes=0-9", "If-Range": etag });
  t.is(fresh.status, 206);
  t.true(fresh.body.equals(clip.subarray(0, 10)));
});

test("HEAD answers the headers of the file without its bytes", async (t) => {
  const reply = await readMedia(stack, await ticketFor(stack, clipUrl), { Range: "bytes=0-99" }, "HEAD");
  t.is(reply.status, 206);
  t.is(reply.headers.get("content-length"), "100");
  t.is(reply.body.length, 0);
});

test("no ticket without a signed-in user (a valid, unexpired kb token) or the key; no file without a valid, unexpired ticket", async (t) => {
  const anonymous = await askTicket(stack, clipUrl);
  t.is(anonymous.status, 401);
  const foreign = await new TokenService({
    signingSecret: "another secret",
    issuer: "http://www.mbari.org",
  }).issue({
    name: "someone",
  });
  t.is((await askTicket(stack, clipUrl, `Bearer ${foreign}`)).status, 401);
  const expiredUser = await new TokenService({
    signingSecret: stack.signingSecret,
    issuer: "http://www.mbari.org",
    ttlSeconds: -120,
  }).issue({ name: "demo-annotator", role: "Annotator" });
  t.is((await askTicket(stack, clipUrl, `Bearer ${expiredUser}`)).status, 401);
  t.is((await readMedia(stack, "")).status, 401);
  const ticket = await ticketFor(stack, clipUrl);
  const tampered = `${ticket.slice(0, -2)}${ticket.endsWith("A") ? "B" : "A"}A`;
  t.is((await readMedia(stack, tampered)).status, 401);
  const otherFile = new VideoFileTickets(stack.signingSecret).sign({
    videoUrl: clipUrl,
    expiresAtMillis: Date.now() - 1000,
  });
  const expired = await readMedia(stack, otherFile);
  t.is(expired.status, 401);
  t.regex((expired.json as { message: string }).message, /expired/);
  // A user token is not a ticket, and a ticket is not a bearer token.
  t.is((await readMedia(stack, userToken)).status, 401);
  t.is((await askTicket(stack, clipUrl, `Bearer ${ticket}`)).status, 401);
});

test("nothing outside the roots: .., encoded dots, a symlink out and a forged ticket are refused", async (t) => {
  const outside = [
    pathToFileURL(join(folder, "secret.mp4")).href,
    `${pathToFileURL(root).href}/../secret.mp4`,
    `${pathToFileURL(root).href}/%2e%2e/secret.mp4`,
    `${pathToFileURL(root).href}/dive/%2E%2E/%2E%2E/secret.mp4`,
    pathToFileURL(join(root, "escape.mp4")).href,
    "file:///etc/passwd",
  ];
  for (const url of outside) {
    const reply = await askTicket(stack, url, `Bearer ${userToken}`);
    t.is(reply.status, 403, url);
  }
  // Even a ticket signed with the platform's secret reads nothing outside the roots.
  const forged = new VideoFileTickets(stack.signingSecret).sign({
    videoUrl: pathToFileURL(join(folder, "secret.mp4")).href,
    expiresAtMillis: Date.now() + 60_000,
  });
  const read = await readMedia(stack, forged);
  t.is(read.status, 403);
  t.false(read.body.toString().includes("SECRET-CONTENT"));
});

test("a missing file is a 404, an http URL or none a 400 (it plays from its own server)", async (t) => {
  const missing = await askTicket(stack, pathToFileURL(join(root, "none.mp4")).href, `Bearer ${userToken}`);
  t.is(missing.status, 404);
  const web = await askTicket(stack, "https://example.org/clip.mp4", `Bearer ${userToken}`);
  t.is(web.status, 400);
  t.regex((web.json as { message: string }).message, /file: URL/);
  const none = await askTicket(stack, "", `Bearer ${userToken}`);
  t.is(none.status, 400);
  t.regex((none.json as { message: string }).message, /videoUrl must be a file: URL/);
});

test("capture's OpenAPI document lists the ticket route and the media route with its range answers", async (t) => {
  const document = (await (await fetch(`${stack.baseUrl}/capture/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
  };
  t.truthy(document.paths["/media/tickets"]?.post?.security);
  t.deepEqual(Object.keys(document.paths["/media"]?.get?.responses ?? {}), [
    "200",
    "206",
    "401",
    "403",
    "404",
    "416",
  ]);
});
