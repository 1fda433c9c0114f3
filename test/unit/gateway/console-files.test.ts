import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import test, { type ExecutionContext } from "ava";
import Koa from "koa";
import { CONSOLE_PREFIX, consoleFiles } from "../../../gateway/src/console/console-files.js";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";

/** A gateway of the console middleware and a stand-in for the API router behind it. */
async function serve(t: ExecutionContext, root: string | undefined): Promise<string> {
  const app = new Koa();
  app.use(consoleFiles(root));
  app.use((ctx) => {
    ctx.body = { routedToApi: ctx.path };
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function sampleBuild(t: ExecutionContext): string {
  const root = mkdtempSync(join(tmpdir(), "m3-console-"));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>m3 console</title>");
  writeFileSync(join(root, "assets", "index-abc.js"), "console.log('m3');");
  writeFileSync(join(root, "assets", "index-abc.js.gz"), gzipSync("console.log('m3');"));
  return root;
}

test("/ is the console's page, revalidated on every load", async (t) => {
  const origin = await serve(t, sampleBuild(t));
  const reply = await fetch(`${origin}/`);
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^text\/html/);
  t.is(reply.headers.get("cache-control"), "no-cache");
  t.regex(await reply.text(), /m3 console/);
});

test("hashed assets are immutable and sent gzipped to clients that take gzip", async (t) => {
  const origin = await serve(t, sampleBuild(t));
  const reply = await fetch(`${origin}/console/assets/index-abc.js`);
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^text\/javascript/);
  t.is(reply.headers.get("cache-control"), "public, max-age=31536000, immutable");
  t.is(reply.headers.get("content-encoding"), "gzip");
  t.is(await reply.text(), "console.log('m3');");
  const plain = await fetch(`${origin}/console/assets/index-abc.js`, {
    headers: { "Accept-Encoding": "identity" },
  });
  t.is(plain.headers.get("content-encoding"), null);
  t.is(await plain.text(), "console.log('m3');");
});

test("without a build, / says how to build the console instead of a 404 JSON body", async (t) => {
  const origin = await serve(t, join(tmpdir(), "m3-console-never-built"));
  const reply = await fetch(`${origin}/`);
  t.is(reply.status, 503);
  t.regex(reply.headers.get("content-type") ?? "", /^text\/html/);
  t.regex(await reply.text(), /npm run console:build/);
});

test("API paths, missing console files and paths climbing out of the build go on to the API router", async (t) => {
  const origin = await serve(t, sampleBuild(t));
  for (const path of ["/kb/v1/health", "/console/assets/missing.js", "/console/..%2f..%2fetc%2fpasswd"]) {
    t.deepEqual(await (await fetch(`${origin}${path}`)).json(), { routedToApi: path }, path);
  }
  const post = await fetch(`${origin}/`, { method: "POST" });
  t.deepEqual(await post.json(), { routedToApi: "/" });
});

test("no API route or docs page is at / or under the console's prefix", (t) => {
  for (const service of allServiceRoutes) {
    t.false(`${service.basePath}/`.startsWith(CONSOLE_PREFIX), service.domain);
    for (const route of service.routes) {
      const path = `${service.basePath}${route.path}`;
      t.false(path === "/" || path === "" || path.startsWith(CONSOLE_PREFIX), path);
    }
  }
});
