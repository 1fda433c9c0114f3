import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { loadOrCreateSecrets } from "../../../services/all-in-one/secrets.js";

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
