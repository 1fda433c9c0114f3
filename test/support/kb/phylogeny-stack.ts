import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SerdeConcept } from "../../../proto/gen/m3/kb/v1/resources.js";
import type { PhylogenyService } from "../../../services/kb/phylogeny/phylogeny.service.js";
import { createPhylogenyService } from "../../../services/kb/phylogeny/phylogeny-part.js";
import {
  createConceptDirectory,
  createTreeServices,
  type TreeServices,
} from "../../../services/kb/tree/tree-part.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { openKbImportStorage } from "../../../tools/m3/kb-import/kb-import.js";
import { type Backend, freshKbDatabaseUrl, stopKbTestServers } from "./kb-databases.js";
import { ArrayHistoryRecorder, MapConceptAttachments } from "./tree-fakes.js";

export { BACKENDS, type Backend } from "./kb-databases.js";

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kb-phylogeny-it-"));
const opened: DomainStorage[] = [];

/** A fresh, migrated kb database (every kb table) and its URL, for opening more instances on it. */
export async function openKbDatabase(backend: Backend): Promise<{ url: string; storage: DomainStorage }> {
  const url = await freshKbDatabaseUrl(backend, "m3_kb_phylogeny", sqliteDir);
  return { url, storage: await openKbAt(url) };
}

/** Another storage on an existing kb database (a second replica). */
export async function openKbAt(url: string): Promise<DomainStorage> {
  const storage = await openKbImportStorage(parseDatabaseUrl(url));
  opened.push(storage);
  return storage;
}

/** The phylogeny service and the tree's writers over one storage, as one kb replica has them. */
export interface PhylogenyReplica {
  storage: DomainStorage;
  phylogeny: PhylogenyService;
  tree: TreeServices;
}

export function replicaOn(storage: DomainStorage): PhylogenyReplica {
  const tree = createTreeServices({
    storage,
    directory: createConceptDirectory(),
    history: new ArrayHistoryRecorder(),
    attachments: new MapConceptAttachments(),
  });
  return { storage, phylogeny: createPhylogenyService(storage), tree };
}

/** For test.after.always: closes every storage, removes the SQLite files and the private servers. */
export async function closeKbDatabases(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopKbTestServers();
}

/** Every node of a nested SerdeConcept, depth first. */
export function flatten(root: SerdeConcept): SerdeConcept[] {
  const nodes: SerdeConcept[] = [];
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    nodes.push(node);
    stack.push(...node.children);
  }
  return nodes;
}

/** The number of levels of a nested SerdeConcept (1 for a lone node). */
export function depthOf(root: SerdeConcept): number {
  return 1 + Math.max(0, ...root.children.map(depthOf));
}
