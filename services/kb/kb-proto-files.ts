import { readdirSync } from "node:fs";
import { join } from "node:path";
import { PROTO_ROOT } from "../kit/proto-root.js";

/** Every .proto file of the kb package (relative to proto/), for reflection and the gateway. */
export const KB_PROTO_FILES: readonly string[] = readdirSync(join(PROTO_ROOT, "m3", "kb", "v1"))
  .filter((file) => file.endsWith(".proto"))
  .sort()
  .map((file) => `m3/kb/v1/${file}`);
