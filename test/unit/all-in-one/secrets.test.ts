import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import test from "ava";
import { type LocalSecrets, loadOrCreateSecrets } from "../../../tools/m3/all-in-one/secrets.js";

const run = promisify(execFile);
/** Rounds of the start race, each on its own directory, and the time between them. */
const ROUNDS = 40;
const ROUND_MILLIS = 25;

test("secrets are generated on first start, kept owner-only and reused afterwards", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "m3-secrets-"));
  const first = loadOrCreateSecrets(dir);
  t.true(first.created);
  t.true(first.secrets.apiKey.length >= 24 && first.secrets.signingSecret.length >= 48);
  t.is(statSync(first.file).mode & 0o777, 0o600);
  const again = loadOrCreateSecrets(dir);
  t.false(again.created);
  t.deepEqual(again.secrets, first.secrets);
});

test("a secret missing from an older file is added without touching the others", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "m3-secrets-"));
  writeFileSync(join(dir, "secrets.json"), JSON.stringify({ apiKey: "k", signingSecret: "s" }));
  const { secrets, created } = loadOrCreateSecrets(dir);
  t.true(created);
  t.is(secrets.apiKey, "k");
  t.is(secrets.signingSecret, "s");
  t.true(secrets.adminPassword.length > 0);
  t.deepEqual(JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")), secrets);
});

test("an unreadable secrets file fails with the remedy", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "m3-secrets-"));
  writeFileSync(join(dir, "secrets.json"), "{not json");
  t.throws(() => loadOrCreateSecrets(dir), { message: /remove it to generate new secrets/ });
});

test("processes starting together on one data directory all end up with the same secrets", async (t) => {
  const root = mkdtempSync(join(tmpdir(), "m3-secrets-"));
  const dirs = Array.from({ length: ROUNDS }, (_, round) => join(root, String(round)));
  const module = pathToFileURL(
    join(import.meta.dirname, "..", "..", "..", "tools", "m3", "all-in-one", "secrets.ts"),
  ).href;
  // Each child loads the module, then makes every round's call at the round's instant, so the
  // children's calls on one directory collide.
  const startAt = Date.now() + 4_000;
  const script = `
    const { loadOrCreateSecrets } = await import(${JSON.stringify(module)});
    const answers = ${JSON.stringify(dirs)}.map((dir, round) => {
      while (Date.now() < ${startAt} + round * ${ROUND_MILLIS});
      const { secrets, created } = loadOrCreateSecrets(dir);
      return { ...secrets, created };
    });
    console.log(JSON.stringify(answers));`;
  const children = await Promise.all(
    Array.from({ length: 4 }, () =>
      run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]).then(
        ({ stdout }) => JSON.parse(stdout) as (LocalSecrets & { created: boolean })[],
      ),
    ),
  );
  dirs.forEach((dir, round) => {
    const stored = JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")) as LocalSecrets;
    const answers = children.map((answers) => answers[round] as LocalSecrets & { created: boolean });
    for (const { created: _created, ...secrets } of answers) t.deepEqual(secrets, stored, `round ${round}`);
    t.is(answers.filter(({ created }) => created).length, 1, `round ${round}: one process generated them`);
    t.deepEqual(readdirSync(dir), ["secrets.json"], `round ${round}: no temporary file is left behind`);
  });
});
