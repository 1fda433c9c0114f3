import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// Resolved here rather than imported, so the image needs no other file of tools/k8s.
const APP_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The processes the one container image runs, by the command word its first argument gives. */
export const IMAGE_COMMANDS: Readonly<Record<string, string>> = {
  kb: "services/kb/main.ts",
  annotation: "services/annotation/main.ts",
  registry: "services/registry/main.ts",
  config: "services/config/main.ts",
  capture: "services/capture/main.ts",
  upload: "services/upload/main.ts",
  gateway: "gateway/main.ts",
  migrate: "tools/migrate/main.ts",
};

/** The absolute path of a command's main module; throws listing the commands for an unknown one. */
export function imageCommandModule(command: string | undefined): string {
  const file = command === undefined ? undefined : IMAGE_COMMANDS[command];
  if (file === undefined) {
    const known = Object.keys(IMAGE_COMMANDS).join(", ");
    throw new Error(`usage: <command> [arguments]; the command is one of ${known}, got "${command ?? ""}"`);
  }
  return join(APP_ROOT, file);
}
