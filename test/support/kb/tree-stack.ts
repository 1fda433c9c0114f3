import type { ConceptDirectory } from "../../../services/kb/contracts/concept-directory.js";
import {
  createConceptDirectory,
  createTreeServices,
  type TreeServices,
  treeSchema,
} from "../../../services/kb/tree/tree-part.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { type Backend, openKbStorage } from "./people-storage.js";
import { ADMIN, ArrayHistoryRecorder, MapConceptAttachments } from "./tree-fakes.js";

/** The tree's services on a fresh database, with in-memory history and attachments. */
export interface TreeStack extends TreeServices {
  storage: DomainStorage;
  directory: ConceptDirectory;
  history: ArrayHistoryRecorder;
  attachments: MapConceptAttachments;
}

export async function openTreeStack(backend: Backend): Promise<TreeStack> {
  const storage = await openKbStorage(backend, [treeSchema]);
  const directory = createConceptDirectory();
  const history = new ArrayHistoryRecorder();
  const attachments = new MapConceptAttachments();
  return {
    storage,
    directory,
    history,
    attachments,
    ...createTreeServices({ storage, directory, history, attachments }),
  };
}

/**
 * Creates a tree from nested names, as an admin: `{ root: { a: { a1: {} }, b: {} } }`.
 * Returns the stack for chaining.
 */
export async function plantTree(stack: TreeStack, tree: Record<string, object>, parentName?: string) {
  for (const [name, children] of Object.entries(tree)) {
    await stack.writes.create({ name, parentName }, ADMIN);
    await plantTree(stack, children as Record<string, object>, name);
  }
  return stack;
}

/** The current tree version (bumped by every tree change). */
export async function treeVersion(stack: TreeStack): Promise<number> {
  const rows: { version: number | string }[] = await stack.storage.read((manager) =>
    manager.query("SELECT version FROM kb_tree_version WHERE id = 1"),
  );
  return Number(rows[0]?.version ?? 0);
}
