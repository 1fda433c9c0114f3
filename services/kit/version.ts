import { readFileSync } from "node:fs";

/** The m3 version, from the root package.json. */
export const M3_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
