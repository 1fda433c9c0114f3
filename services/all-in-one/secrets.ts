import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface LocalSecrets {
  apiKey: string;
  signingSecret: string;
}

/**
 * The API key and JWT signing secret of a local installation: generated on first start
 * and kept in <dataDir>/secrets.json (readable by the owner only), so tokens and scripts
 * keep working across restarts.
 */
export function loadOrCreateSecrets(dataDir: string): {
  secrets: LocalSecrets;
  created: boolean;
  file: string;
} {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>;
    if (typeof stored.apiKey === "string" && typeof stored.signingSecret === "string") {
      return {
        secrets: { apiKey: stored.apiKey, signingSecret: stored.signingSecret },
        created: false,
        file,
      };
    }
    throw new Error(`${file} is not a valid secrets file: remove it to generate new secrets`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    apiKey: randomBytes(24).toString("base64url"),
    signingSecret: randomBytes(48).toString("base64url"),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return { secrets, created: true, file };
}
