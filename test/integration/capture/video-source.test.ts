import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { VideoSourceResolver } from "../../../services/capture/services/video-source.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

let base = "";
let allowed = "";
let outside = "";

test.before(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "m3-capture-source-")));
  allowed = join(base, "videos");
  outside = join(base, "private");
  await mkdir(allowed);
  await mkdir(outside);
  await writeFile(join(allowed, "dive 1.mp4"), "v");
  await writeFile(join(outside, "secret.mp4"), "s");
  await symlink(join(outside, "secret.mp4"), join(allowed, "link.mp4"));
});

test.after.always(async () => {
  await rm(base, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof DomainError ? error.code : undefined;
}

test("http and https URLs pass to ffmpeg normalised, limited to web protocols", async (t) => {
  const source = await new VideoSourceResolver([]).resolve("HTTP://Example.org:80/a/../v.mp4?x=1");
  t.is(source.url, "http://example.org/v.mp4?x=1");
  t.is(source.input, source.url);
  t.false(source.protocols.includes("file"));
});

test("a file URL inside an allowed root reads its real path, with only the file protocol", async (t) => {
  const resolver = new VideoSourceResolver([allowed]);
  const source = await resolver.resolve(pathToFileURL(join(allowed, "dive 1.mp4")).href);
  t.is(source.input, `file:${join(allowed, "dive 1.mp4")}`);
  t.is(source.url, pathToFileURL(join(allowed, "dive 1.mp4")).href);
  t.deepEqual(source.protocols, ["file"]);
});

test("file URLs are refused when no root is set, outside the roots, and through a symlink leading out", async (t) => {
  const secret = pathToFileURL(join(outside, "secret.mp4")).href;
  t.is(await codeOf(new VideoSourceResolver([]).resolve(secret)), "PERMISSION_DENIED");
  const resolver = new VideoSourceResolver([allowed]);
  t.is(await codeOf(resolver.resolve(secret)), "PERMISSION_DENIED");
  t.is(await codeOf(resolver.resolve(`file://${allowed}/../private/secret.mp4`)), "PERMISSION_DENIED");
  t.is(await codeOf(resolver.resolve(pathToFileURL(join(allowed, "link.mp4")).href)), "PERMISSION_DENIED");
  t.is(await codeOf(new VideoSourceResolver([`${allowed}-not`]).resolve(secret)), "PERMISSION_DENIED");
});

test("a missing file inside a root and a string that is no URL are 404s; other schemes are 400s", async (t) => {
  const resolver = new VideoSourceResolver([allowed]);
  t.is(await codeOf(resolver.resolve(pathToFileURL(join(allowed, "missing.mp4")).href)), "NOT_FOUND");
  t.is(await codeOf(resolver.resolve("not a url")), "NOT_FOUND");
  t.is(await codeOf(resolver.resolve("ftp://h/v.mp4")), "INVALID_ARGUMENT");
  t.is(await codeOf(resolver.resolve("concat:/a.mp4|/b.mp4")), "INVALID_ARGUMENT");
});
