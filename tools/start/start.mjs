/**
 * `npm start`: the all-in-one process (services/all-in-one/main.ts) run from its transpiled
 * copy (transpiled-tree.mjs) with plain node, in this process, with this process's arguments
 * (`npm start -- --import-kb`).
 */
import { pathToFileURL } from "node:url";
import { transpiledEntry } from "./transpiled-tree.mjs";

const main = await transpiledEntry("services/all-in-one/main.ts");
await import(pathToFileURL(main).href);
