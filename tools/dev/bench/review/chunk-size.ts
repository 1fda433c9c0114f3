import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The gzipped bytes (the `.gz` files the build wrote) of the console's chunks named `prefix…`. */
export function chunkGzipBytes(consoleDir: string, prefix: string): number {
  const assets = join(consoleDir, "assets");
  return readdirSync(assets)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".gz"))
    .reduce((sum, name) => sum + statSync(join(assets, name)).size, 0);
}
