#!/usr/bin/env node
// The `m3` command: tools/m3/cli/main.ts run from the transpiled copy `npm start` also runs from
// (tools/m3/start/transpiled-tree.mjs), with plain node: no TypeScript loader at run time.
import { pathToFileURL } from "node:url";
import { transpiledEntry } from "../start/transpiled-tree.mjs";

const main = await transpiledEntry("tools/m3/cli/main.ts");
await import(pathToFileURL(main).href);
