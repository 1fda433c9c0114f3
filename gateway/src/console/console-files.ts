import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { Middleware } from "koa";

/** Where the console lives: `/` is its page, `/console/...` its files; no API route starts so. */
export const CONSOLE_PREFIX = "/console/";

/** Hashed build outputs never change under their name; everything else is revalidated. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>m3 console not built</title></head>
<body><main><h1>The m3 console is not built</h1>
<p>This gateway serves the REST API; its web console has not been built in this checkout.</p>
<p>Build it with <code>npm run console:build</code> (or start with <code>npm start</code>, which builds it when
missing or stale), then reload this page.</p></main></body></html>
`;

/**
 * Serves the built console (vite output in `root`) at `/` and under `/console/`, precompressed
 * `.gz` files when the client takes gzip. A request for another path, or for a file the build
 * does not hold, goes on to the API router untouched. Without a build, `/` explains how to make one.
 */
export function consoleFiles(root: string | undefined): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    const isPage = ctx.path === "/" || ctx.path === "/console" || ctx.path === CONSOLE_PREFIX;
    if (!isPage && !ctx.path.startsWith(CONSOLE_PREFIX)) return next();
    const relativePath = isPage ? "index.html" : ctx.path.slice(CONSOLE_PREFIX.length);
    const file = root === undefined ? undefined : fileInside(root, relativePath);
    if (file === undefined) {
      if (!isPage) return next();
      ctx.status = 503;
      ctx.type = "text/html";
      ctx.set("Cache-Control", "no-store");
      ctx.body = NOT_BUILT_PAGE;
      return;
    }
    const takesGzip = ctx.acceptsEncodings("gzip", "identity") === "gzip";
    const gzipped = takesGzip && root !== undefined ? fileInside(root, `${relativePath}.gz`) : undefined;
    ctx.type = extname(file);
    ctx.set("Cache-Control", relativePath.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
    ctx.vary("Accept-Encoding");
    if (gzipped !== undefined) ctx.set("Content-Encoding", "gzip");
    const served = gzipped ?? file;
    ctx.status = 200;
    if (ctx.method === "GET") ctx.body = createReadStream(served);
    ctx.length = statSync(served).size;
  };
}

/** The regular file at `relativePath` below `root`, never a path that climbs out of it. */
function fileInside(root: string, relativePath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return undefined;
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}
