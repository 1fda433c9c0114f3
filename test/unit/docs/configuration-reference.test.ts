/**
 * The references hold every setting the code reads. docs/configuration.md lists every
 * environment variable read by what ships (services/, gateway/, tools/m3/), every option and
 * subcommand of the `m3` command (tools/m3/cli) and every flag of `npm start`;
 * docs/benchmarks.md every variable the benchmarks read (tools/dev/bench); docs/development.md
 * (or the configuration reference) every one the tests and the other developer tools read.
 *
 * Environment reads are found in the sources as:
 * - property reads of an environment object: `env.X`, `process.env.X`, `env?.X`, `env["X"]`;
 * - string literals of a setting's shape under the prefixes m3 reads (M3_, CAPTURE_, BEHOLDER_,
 *   OTEL_), except the reasons of DomainErrors (`new DomainError("INTERNAL", "CAPTURE_FAILED", …)`);
 * - literals passed to the kit's readers (`readInt(env, "PORT", …)`, `readFirst(env, ["X", …])`)
 *   and the literals of constants named *SETTING*, *SETTINGS* or *NAMES* (lists of settings);
 * - template literals naming a per-domain setting (`M3_${domain}_DATABASE_URL`, `${prefix}_API_KEY`
 *   with prefix M3_<DOMAIN>), which the reference lists as `M3_<DOMAIN>_…`;
 * - names made by a builder function (`function names(name: string, legacy?: string)` returning
 *   `CAPTURE_${name}` …), expanded for each of its calls with literal arguments.
 * A concrete name such as M3_KB_GRPC_ADDRESS is listed either as itself or as M3_<DOMAIN>_GRPC_ADDRESS.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";

const DOMAINS = ["kb", "annotation", "registry", "config", "capture", "upload"];
const SOURCE = /\.(ts|mts|mjs|js)$/;
/** Read by the operating system's conventions, not settings of m3. */
const NOT_SETTINGS = new Set(["PATH"]);

function sourceFiles(root: string, folder: string, skip: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (skip.includes(path) || entry.name === "node_modules" || entry.name === "gen") continue;
    if (entry.isDirectory()) found.push(...sourceFiles(root, path, skip));
    else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

const SETTING_SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^PORT$/;
const PREFIXED = /^(?:M3|CAPTURE|BEHOLDER|OTEL)_/;

/** The per-domain form of a template: `${…}` as <DOMAIN>, and `${prefix}_X` as M3_<DOMAIN>_X. */
function templateName(template: string): string | undefined {
  const name = template.replace(/\$\{[^}]*\}/g, "<DOMAIN>").replace(/^<DOMAIN>_/, "M3_<DOMAIN>_");
  return /^M3_<DOMAIN>(?:_[A-Z0-9]+)+$/.test(name) ? name : undefined;
}

/** Names made by builder functions of one file, as each call with literal arguments makes them. */
function builtNames(text: string): { names: string[]; bodies: string[]; parts: Set<string> } {
  const names: string[] = [];
  const bodies: string[] = [];
  /** The literal arguments of the calls: pieces of names, not names. */
  const parts = new Set<string>();
  const builder = /function (\w+)\((\w+): string(?:, (\w+)\?: string)?\)[^{]*\{([\s\S]*?)\n\}/g;
  for (const [, fn, first, second, body = ""] of text.matchAll(builder)) {
    const templates = [...body.matchAll(/`([A-Z][A-Z0-9_]*_)\$\{(\w+)\}`/g)];
    if (templates.length === 0) continue;
    bodies.push(body);
    const call = new RegExp(`\\b${fn}\\(\\s*"([A-Z0-9_]+)"(?:\\s*,\\s*"([A-Z0-9_]+)")?\\s*\\)`, "g");
    for (const [, a, b] of text.matchAll(call)) {
      for (const piece of [a, b]) if (piece !== undefined) parts.add(piece);
      for (const [, prefix, param] of templates) {
        if (param === first) names.push(`${prefix}${a}`);
        else if (param === second && b !== undefined) names.push(`${prefix}${b}`);
      }
    }
  }
  return { names, bodies, parts };
}

/** The variables a test or script reads from its own environment: `process.env.X` only. */
function processEnvReads(text: string): Set<string> {
  const names = [...text.matchAll(/process\.env\??\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)].map((m) => m[1]);
  return new Set(names.filter((name): name is string => name !== undefined && !NOT_SETTINGS.has(name)));
}

/** Every environment variable a source text reads, by the rules of this file's header. */
function environmentReads(text: string): Set<string> {
  const found = new Set<string>();
  const add = (name: string | undefined) => {
    if (name !== undefined && SETTING_SHAPE.test(name) && !NOT_SETTINGS.has(name)) found.add(name);
  };
  // An assignment (`env.X = …`) is not a read; `env.X ||= …` is.
  for (const [, name] of text.matchAll(/[eE]nv\??\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) add(name);
  for (const [, name] of text.matchAll(/\b[eE]nv\[\s*"([A-Z][A-Z0-9_]*)"\s*\]/g)) add(name);
  for (const [, name] of text.matchAll(/\bread(?:String|Int|Boolean)\(\s*\w+\s*,\s*"([A-Z][A-Z0-9_]*)"/g))
    add(name);
  for (const [, list = ""] of text.matchAll(/\breadFirst\(\s*\w+\s*,\s*\[([^\]]*)\]/g)) {
    for (const [, name] of list.matchAll(/"([A-Z][A-Z0-9_]*)"/g)) add(name);
  }
  for (const [, value = ""] of text.matchAll(/\bconst \w*(?:SETTING|NAMES)\w*\b[^=]*=([\s\S]*?);/g)) {
    for (const [, name] of value.matchAll(/"([A-Z][A-Z0-9_]*)"/g)) add(name);
  }
  const reasons = new Set(
    [...text.matchAll(/DomainError\(\s*"[A-Z_]+"\s*,\s*"([A-Z0-9_]+)"/g)].map((m) => m[1]),
  );
  const built = builtNames(text);
  for (const [, name = ""] of text.matchAll(/"([A-Z][A-Z0-9_]*)"/g)) {
    if (PREFIXED.test(name) && !reasons.has(name) && !built.parts.has(name)) add(name);
  }
  for (const name of built.names) add(name);
  let rest = text;
  for (const body of built.bodies) rest = rest.replace(body, "");
  for (const [, template = ""] of rest.matchAll(/`([^`]*)`/g)) {
    const name = templateName(template);
    if (name !== undefined) found.add(name);
  }
  return found;
}

/** The variables a page names: M3_X, M3_<DOMAIN>_X, PORT, … anywhere in its text. */
function documentedNames(markdown: string): Set<string> {
  return new Set(markdown.match(/\b[A-Z][A-Z0-9]*(?:_(?:<DOMAIN>|[A-Z0-9]+))+|\bPORT\b/g) ?? []);
}

function isDocumented(name: string, documented: ReadonlySet<string>): boolean {
  if (documented.has(name)) return true;
  const domain = DOMAINS.find((d) => name.startsWith(`M3_${d.toUpperCase()}_`));
  return domain !== undefined && documented.has(name.replace(`M3_${domain.toUpperCase()}_`, "M3_<DOMAIN>_"));
}

/** A folder to scan, without the subfolders in skip; `reads` picks the rules (all by default). */
interface Folder {
  path: string;
  skip?: readonly string[];
  reads?: (text: string) => Set<string>;
}

/** `name (file, …)` for every variable read under the folders that none of the pages names. */
function undocumentedReads(root: string, folders: readonly Folder[], pages: readonly string[]) {
  const documented = new Set(
    pages.flatMap((page) => [...documentedNames(readFileSync(join(root, page), "utf8"))]),
  );
  const readers = new Map<string, string[]>();
  for (const { path, skip, reads = environmentReads } of folders) {
    for (const file of sourceFiles(root, path, skip)) {
      for (const name of reads(readFileSync(join(root, file), "utf8"))) {
        if (!isDocumented(name, documented)) readers.set(name, [...(readers.get(name) ?? []), file]);
      }
    }
  }
  return [...readers].map(([name, files]) => `${name} (${files.join(", ")})`).sort();
}

/** The `m3` command's subcommands ("kb import") and long options ("--database-url"). */
function cliWords(root: string): { commands: string[]; options: string[] } {
  const commands = new Set<string>();
  const options = new Set<string>();
  for (const file of sourceFiles(root, "tools/m3/cli")) {
    const text = readFileSync(join(root, file), "utf8");
    const groups = new Map<string, string>();
    for (const [, variable = "", name = ""] of text.matchAll(
      /const (\w+) = program\s*\.command\("([\w-]+)"\)/g,
    ))
      groups.set(variable, name);
    for (const [, receiver = "", name = ""] of text.matchAll(/(\w+)\s*\.command\("([\w-]+)"\)/g)) {
      if (groups.has(receiver)) commands.add(`${groups.get(receiver)} ${name}`);
      else if (![...groups.values()].includes(name)) commands.add(name);
    }
    for (const [, option = ""] of text.matchAll(/\.(?:option|requiredOption)\(\s*"(--[a-z][\w-]*)/g))
      options.add(option);
  }
  return { commands: [...commands].sort(), options: [...options].sort() };
}

/** The flags `npm start` takes (the all-in-one's OPTIONS). */
function startFlags(root: string): string[] {
  const text = readFileSync(join(root, "tools/m3/all-in-one/config.ts"), "utf8");
  const options = /const OPTIONS = \[([^\]]*)\]/.exec(text)?.[1] ?? "";
  return [...options.matchAll(/"(--[a-z][\w-]*)"/g)].map((m) => m[1] as string);
}

/** What ships; the console is browser code and reads no environment. */
const SHIPPED: Folder[] = [
  { path: "services" },
  { path: "gateway", skip: ["gateway/console"] },
  { path: "tools/m3" },
];
const page = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

test("docs/configuration.md lists every environment variable that services, gateway and tools/m3 read", (t) => {
  t.deepEqual(undocumentedReads(REPO_ROOT, SHIPPED, ["docs/configuration.md"]), []);
});

test("docs/benchmarks.md lists every environment variable the benchmarks read", (t) => {
  // Settings of m3 itself that a benchmark honours (M3_WORKERS) may be in the configuration reference.
  const pages = ["docs/benchmarks.md", "docs/configuration.md"];
  t.deepEqual(undocumentedReads(REPO_ROOT, [{ path: "tools/dev/bench" }], pages), []);
  const benchmarks = documentedNames(page("docs/benchmarks.md"));
  const benchReads = sourceFiles(REPO_ROOT, "tools/dev/bench").flatMap((file) => [
    ...environmentReads(readFileSync(join(REPO_ROOT, file), "utf8")),
  ]);
  t.deepEqual(
    [...new Set(benchReads.filter((name) => name.startsWith("BENCH_") && !benchmarks.has(name)))],
    [],
    "BENCH_ variables belong in docs/benchmarks.md",
  );
});

test("docs/development.md or the configuration reference lists every variable the tests and dev tools read", (t) => {
  // Tests name settings of the processes they start everywhere; what they read themselves is process.env.
  const folders = [
    { path: "test", skip: ["test/unit/docs"], reads: processEnvReads },
    { path: "tools/dev", skip: ["tools/dev/bench"], reads: processEnvReads },
  ];
  t.deepEqual(undocumentedReads(REPO_ROOT, folders, ["docs/development.md", "docs/configuration.md"]), []);
});

test("docs/configuration.md lists every subcommand and long option of the m3 command", (t) => {
  const { commands, options } = cliWords(REPO_ROOT);
  t.true(commands.includes("kb import") && options.includes("--database-url"), "the scan finds the CLI");
  const reference = page("docs/configuration.md");
  t.deepEqual(
    commands.filter((command) => !reference.includes(`m3 ${command}`)),
    [],
    "subcommands not written as `m3 <command>`",
  );
  t.deepEqual(
    options.filter((option) => !new RegExp(`${option}(?![\\w-])`).test(reference)),
    [],
    "options missing",
  );
});

test("docs/configuration.md lists every flag of npm start", (t) => {
  const flags = startFlags(REPO_ROOT);
  t.deepEqual(flags, ["--import-kb", "--demo"]);
  const reference = page("docs/configuration.md");
  t.deepEqual(
    flags.filter((flag) => !reference.includes(flag)),
    [],
  );
});

test("a read that the reference does not list is found, in every form the rules name", (t) => {
  const root = mkdtempSync(join(tmpdir(), "m3-config-reference-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    "services/x/config.ts",
    [
      'const a = readInt(env, "M3_LISTED", 1);',
      "const b = process.env.M3_PROPERTY_READ;",
      'const c = readFirst(env, ["M3_FIRST", "LEGACY_NAME"]);',
      "const d = env[`M3_#{domain}_PER_DOMAIN`];",
      'const e = new DomainError("INTERNAL", "M3_A_REASON", "not a setting");',
      "const f = env.M3_KB_GRPC_ADDRESS;",
      'const LEGACY_NAMES = { kb: "OLD_CONTEXT" };',
      "function names(name: string, legacy?: string): string[] {",
      "  return [`CAPTURE_#{name}`, ...(legacy ? [`BEHOLDER_#{legacy}`] : [])];",
      "}",
      'const g = readFirst(env, names("THREADS", "CAPTURE_THREADS"));',
    ]
      .join("\n")
      // Template placeholders, written #{…} here so this file holds no "${" in a plain string.
      .replaceAll("#{", "${"),
  );
  write(
    "docs/configuration.md",
    "| `M3_LISTED` | `M3_FIRST` | `M3_<DOMAIN>_GRPC_ADDRESS` | `CAPTURE_THREADS` |\n",
  );
  t.deepEqual(undocumentedReads(root, [{ path: "services" }], ["docs/configuration.md"]), [
    "BEHOLDER_CAPTURE_THREADS (services/x/config.ts)",
    "LEGACY_NAME (services/x/config.ts)",
    "M3_<DOMAIN>_PER_DOMAIN (services/x/config.ts)",
    "M3_PROPERTY_READ (services/x/config.ts)",
    "OLD_CONTEXT (services/x/config.ts)",
  ]);
});
