import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "m3-kb-import-cli-"));

test.after.always(() => rmSync(dir, { recursive: true, force: true }));

function importCli(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "tools/kb-import/main.ts", ...args], {
    env: { ...process.env, M3_KB_DATABASE_URL: "", M3_DATABASE_URL: "" },
  });
}

test("the CLI imports the dump into the given SQLite file once and then leaves it alone", async (t) => {
  const file = join(dir, "kb.sqlite");
  const first = await importCli("--database-url", file);
  t.regex(
    first.stderr,
    /imported 4092 concepts, 5209 names, 2677 media, 790 link templates and 5409 link realizations in [\d.]+ s/,
  );
  const second = await importCli("--database-url", file);
  t.regex(second.stderr, /the kb already has a root concept: nothing imported/);
});

test("the CLI fails with a message and exit code 1 for a missing dump file", async (t) => {
  const error = await t.throwsAsync(
    importCli("--database-url", join(dir, "other.sqlite"), "--file", join(dir, "none.zip")),
  );
  t.is((error as { code?: number }).code, 1);
  t.regex((error as { stderr?: string }).stderr ?? "", /kb import failed: .*no such file/);
});
