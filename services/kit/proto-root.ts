import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The proto/ folder: the gateway and gRPC reflection load .proto files from it at run time. */
export const PROTO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "proto");
