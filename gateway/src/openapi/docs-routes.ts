/** `<basePath>/docs`: Swagger UI (assets from swagger-ui-dist) over `<basePath>/docs/openapi.json`. */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";
import { joinPath } from "../engine/path-template.js";
import type { Router } from "../server/router.js";

const ASSET_TYPES: Readonly<Record<string, string>> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".png": "image/png",
  ".map": "application/json",
};

/** The browser files of swagger-ui-dist, not its Node entry points or its own initializer. */
const BROWSER_ASSET = /^(swagger-ui|favicon-|oauth2-redirect)/;

/** Only files listed here are served, so no request path reaches the disk. */
function listAssets(directory: string): Map<string, string> {
  const assets = new Map<string, string>();
  for (const name of readdirSync(directory)) {
    const type = ASSET_TYPES[path.extname(name)];
    if (type && BROWSER_ASSET.test(name)) assets.set(name, type);
  }
  return assets;
}

/**
 * Serves the docs at each of the service's docs paths (relative to its base path). The OpenAPI
 * document is built on its first request: every start would otherwise build the six services'
 * (~300 KB of JSON) for a page few open.
 */
export function registerDocsRoutes(
  router: Router,
  basePath: string,
  title: string,
  document: () => object,
  docsPaths: readonly string[] = ["/docs"],
): void {
  let json: string | undefined;
  const documentJson = () => {
    json ??= JSON.stringify(document());
    return json;
  };
  for (const docsPath of docsPaths) registerDocsAt(router, joinPath(basePath, docsPath), title, documentJson);
}

function registerDocsAt(router: Router, docsPath: string, title: string, documentJson: () => string): void {
  const directory = getAbsoluteFSPath();
  const assets = listAssets(directory);
  const page = swaggerPage(docsPath, title);
  router.get(`${docsPath}/openapi.json`, (ctx) => {
    ctx.type = "application/json";
    ctx.body = documentJson();
  });
  router.get(docsPath, (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = page;
  });
  router.get(`${docsPath}/{asset}`, async (ctx, next) => {
    const type = assets.get(ctx.params.asset ?? "");
    if (!type) return next();
    ctx.set("Cache-Control", "public, max-age=86400");
    ctx.type = type;
    ctx.body = await readFile(path.join(directory, ctx.params.asset ?? ""));
  });
}

function swaggerPage(docsPath: string, title: string): string {
  const text = escapeHtml(title);
  const assets = escapeHtml(docsPath);
  const documentUrl = JSON.stringify(`${docsPath}/openapi.json`).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${text}</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: ${documentUrl}, dom_id: "#swagger-ui" });</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
