/**
 * The manual stays true to the tree: every relative link in README.md and docs/*.md points to a
 * file that exists (and, into a Markdown page, to a heading it has), and every repository path
 * the pages write in code (`services/kb/cache/`, `./helm/m3`) exists. Paths with a placeholder
 * (`services/<domain>/main.ts`, `helm/m3/ci/*.yaml`) are not checked, nor files of the legacy
 * clients' repositories (Java and Python sources, which m3 has none of).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";

/** What is on disk but not part of the project. */
const NOT_PROJECT = new Set([".git", "node_modules", "data", ".tmp", "dist", "coverage"]);
/** Sources of other repositories that clients.md names (`services/ServiceBuilder.java`). */
const OTHER_REPOSITORIES = /\.(java|py)$/;

function manualPages(root: string): string[] {
  const docs = existsSync(join(root, "docs"))
    ? readdirSync(join(root, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`)
    : [];
  return ["README.md", ...docs.sort()];
}

/** The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces as -). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/<[^>]*>/g, "")
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Inline links and images outside code: `[text](target)`, `![alt](target)`. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string);
}

/** `page: target (why)` for every relative link of the page that leads nowhere. */
function brokenLinks(root: string, page: string): string[] {
  const text = readFileSync(join(root, page), "utf8");
  const broken: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = "", anchor] = target.split("#");
    const file = path === "" ? join(root, page) : resolve(root, dirname(page), decodeURIComponent(path));
    if (relative(root, file).startsWith("..")) broken.push(`${page}: ${target} (outside the repository)`);
    else if (!existsSync(file)) broken.push(`${page}: ${target} (no such file)`);
    else if (anchor !== undefined && file.endsWith(".md")) {
      if (!headingAnchors(readFileSync(file, "utf8")).has(anchor))
        broken.push(`${page}: ${target} (no such heading)`);
    }
  }
  return broken;
}

/** Words of the page's code (inline and fenced) that name a repository path. */
function codePaths(root: string, markdown: string): string[] {
  const topLevel = new Set(readdirSync(root).filter((name) => !NOT_PROJECT.has(name)));
  const code = [
    ...[...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1] as string),
    ...[...markdown.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string),
  ];
  const paths = new Set<string>();
  for (const word of code.flatMap((text) => text.split(/[\s=]+/))) {
    const path = word.replace(/^\.\//, "").replace(/[.,;:)'"]+$/, "");
    if (/[<>{}*$…|?]|\.\.\./.test(path) || OTHER_REPOSITORIES.test(path)) continue;
    const first = path.split("/")[0] as string;
    if (topLevel.has(first) && (path.includes("/") || first.includes("."))) paths.add(path);
  }
  return [...paths];
}

function missingPaths(root: string, page: string): string[] {
  const text = readFileSync(join(root, page), "utf8");
  return codePaths(root, text)
    .filter((path) => !existsSync(join(root, path)))
    .map((path) => `${page}: ${path}`);
}

test("README.md and docs/*.md link only to files and headings that exist", (t) => {
  const pages = manualPages(REPO_ROOT);
  t.true(pages.length > 5, "the manual is README.md and docs/*.md");
  t.deepEqual(
    pages.flatMap((page) => brokenLinks(REPO_ROOT, page)),
    [],
  );
});

test("every repository path README.md and docs/*.md write in code exists", (t) => {
  t.deepEqual(
    manualPages(REPO_ROOT).flatMap((page) => missingPaths(REPO_ROOT, page)),
    [],
  );
});

test("a link to a missing file or heading, and a missing path in code, are found", (t) => {
  const root = mkdtempSync(join(tmpdir(), "m3-doc-links-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("services/kb/main.ts", "");
  write(
    "docs/a.md",
    [
      "# Page A",
      "## The `m3` command",
      "[ok](b.md#setup) [ok](#the-m3-command) [web](https://example.org/x)",
      "[gone](c.md) [no heading](b.md#nowhere) ![gone image](images/x.png)",
      "Code: `services/kb/main.ts`, `services/<domain>/main.ts`, `services/kb/gone.ts`.",
      "```sh",
      "cat ./services/kb/main.ts services/upload/store/",
      "```",
    ].join("\n"),
  );
  write("docs/b.md", "# B\n\n## Setup\n");
  write("README.md", "[docs](docs/a.md) [ok](services/kb/main.ts)\n");
  t.deepEqual(brokenLinks(root, "docs/a.md"), [
    "docs/a.md: c.md (no such file)",
    "docs/a.md: b.md#nowhere (no such heading)",
    "docs/a.md: images/x.png (no such file)",
  ]);
  t.deepEqual(missingPaths(root, "docs/a.md"), [
    "docs/a.md: services/upload/store/",
    "docs/a.md: services/kb/gone.ts",
  ]);
  t.deepEqual(brokenLinks(root, "README.md"), []);
});
