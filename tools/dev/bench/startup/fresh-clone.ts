/**
 * bench:startup's fresh clone (--fresh-clone): this repository cloned and installed as a newcomer
 * would, and the state its installation left kept aside for every run to start from.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";

export interface InstalledClone {
  root: string;
  /** The temporary folder holding the clone (the clone itself when named). */
  folder: string;
  /** Where the clone's .tmp as the installation left it is kept. */
  afterInstall: string;
  /** Whether the clone is this run's own, removed at the end. */
  remove: boolean;
}

/**
 * A clone of this repository at --ref (default HEAD) with `npm ci` run in it, in a temporary
 * folder removed at the end; or the clone named by --clone, installed before. Either way its
 * .tmp as the installation left it is kept in <clone>.after-install/tmp for every run to start from.
 */
export function installedClone(options: {
  ref?: string;
  named?: string;
  env: NodeJS.ProcessEnv;
}): InstalledClone {
  const { named } = options;
  let root = named ?? "";
  let folder = root;
  if (!named) {
    const ref = options.ref ?? "HEAD";
    const commit = execFileSync("git", ["rev-parse", ref], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    folder = mkdtempSync(join(tmpdir(), "m3-fresh-clone-"));
    root = join(folder, "m3");
    execFileSync("git", ["clone", "--quiet", "--no-checkout", REPO_ROOT, root]);
    execFileSync("git", ["checkout", "--quiet", commit], { cwd: root });
    console.log(`cloned ${commit.slice(0, 12)} to ${root}; npm ci ...`);
    const started = performance.now();
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env,
    });
    if (install.status !== 0)
      throw new Error(`npm ci failed (${install.status}):\n${install.stderr.slice(-4_000)}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`npm ci: ${seconds} s${summaryOfPrepare(`${install.stdout}\n${install.stderr}`)}`);
  }
  const afterInstall = `${root}.after-install`;
  if (!existsSync(afterInstall)) {
    mkdirSync(afterInstall);
    if (existsSync(join(root, ".tmp")))
      cpSync(join(root, ".tmp"), join(afterInstall, "tmp"), { recursive: true });
  }
  const kept = existsSync(join(afterInstall, "tmp", "console", "index.html"))
    ? "the console built"
    : "no console";
  const transpiled = existsSync(join(afterInstall, "tmp", "start", ".manifest.json"))
    ? "the sources transpiled"
    : "nothing transpiled";
  console.log(`after the installation: ${kept}, ${transpiled}`);
  return { root, folder, afterInstall, remove: !named };
}

/** What npm ci's prepare step printed (on stdout through npm, with the command's header). */
function summaryOfPrepare(output: string): string {
  const lines = output.split("\n").filter((line) => /^(built |transpiled |m3: )/.test(line));
  return lines.length === 0 ? "" : ` (${lines.join("; ")})`;
}
