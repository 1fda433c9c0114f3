/**
 * Adds to package-lock.json the platform-specific optional packages (other operating
 * systems and CPUs) that npm could not resolve from the registry this machine reaches.
 * Without them `npm ci` refuses the lock ("Missing: … from lock file"); with them, npm
 * skips each one on a platform it does not fit, as it would with a complete lock.
 * Run after `npm install`: `npm run lock:complete`.
 */
import { readFileSync, writeFileSync } from "node:fs";

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const CPUS: Record<string, string> = { x64: "x64", arm64: "arm64", armv7: "arm", ia32: "ia32" };
const OPERATING_SYSTEMS = ["android", "darwin", "linux", "win32", "freebsd", "openbsd", "sunos", "aix"];

/** Platform constraints read from a name such as `@biomejs/cli-linux-arm64-musl`. */
function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> | undefined {
  const parts = name.split("/").pop()?.split("-") ?? [];
  const os = parts.find((part) => OPERATING_SYSTEMS.includes(part));
  const cpu = parts.map((part) => CPUS[part]).find(Boolean);
  if (!os || !cpu) return undefined;
  return { os: [os], cpu: [cpu], ...(parts.includes("musl") ? { libc: ["musl"] } : {}) };
}

const file = new URL("../../../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, LockEntry> };
const added: string[] = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, dev: entry.dev, optional: true, ...platform };
    added.push(`${name}@${version} (for ${path || "the root"})`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} platform packages:\n  ${added.join("\n  ")}` : "the lock is complete",
);
