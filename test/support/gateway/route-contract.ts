import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The gateway's REST contract: every route it must serve (gateway/src/routes/endpoints.txt). */
export const ROUTE_CONTRACT_FILE = fileURLToPath(
  new URL("../../../gateway/src/routes/endpoints.txt", import.meta.url),
);

export interface ContractRoute {
  domain: string;
  method: string;
  /** As the contract writes it: `{}` for each path parameter. */
  path: string;
}

/** The contract's routes, comments and blank lines left out. */
export function readRouteContract(): ContractRoute[] {
  return readFileSync(ROUTE_CONTRACT_FILE, "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([domain, method, path]) => domain && !domain.startsWith("#") && method && path)
    .map(([domain, method, path]) => ({ domain, method, path }) as ContractRoute);
}
