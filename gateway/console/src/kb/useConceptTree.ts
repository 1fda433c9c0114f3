import { computed, ref } from "vue";
import { dataOf, kb } from "../api/client";

/** A concept in the tree as shown: its children are loaded when it is first expanded. */
interface TreeNode {
  name: string;
  rank?: string | null;
  expanded: boolean;
  children?: TreeNode[];
}

/** A visible row: its node, how deep it sits (the root at 0) and its place among its siblings (from 1). */
export interface TreeRow {
  node: TreeNode;
  depth: number;
  position: number;
  siblings: number;
  loading: boolean;
}

const childrenOf = (name: string) =>
  dataOf(kb.GET("/v1/concept/children/{name}", { params: { path: { name } } }));

/** The nodes below `node` (itself included) whose children have been loaded. */
function loadedNodes(node: TreeNode, found: TreeNode[] = []): TreeNode[] {
  if (node.children === undefined) return found;
  found.push(node);
  for (const child of node.children) loadedNodes(child, found);
  return found;
}

/**
 * The kb's concept tree, lazily expanded: the root first, each concept's children
 * (/kb/v1/concept/children/{name}) when it is opened. `rows` is the visible part, flattened,
 * for a virtualized list. `refresh` asks the kb again for the children already loaded, after
 * an edit moved or renamed concepts.
 */
export function useConceptTree() {
  const root = ref<TreeNode>();
  const loadingNames = ref(new Set<string>());
  const error = ref<string>();

  async function loadRoot(): Promise<void> {
    error.value = undefined;
    try {
      const concept = await dataOf(kb.GET("/v1/concept/query/root"));
      root.value = { name: concept.name ?? "object", rank: concept.rank, expanded: false };
      await toggle(root.value);
    } catch (failure) {
      error.value = (failure as Error).message;
    }
  }

  async function toggle(node: TreeNode): Promise<void> {
    if (node.expanded) {
      node.expanded = false;
      return;
    }
    if (node.children === undefined) {
      loadingNames.value = new Set([...loadingNames.value, node.name]);
      try {
        const children = await childrenOf(node.name);
        node.children = children.map((child) => ({
          name: child.name ?? "",
          rank: child.rank,
          expanded: false,
        }));
      } catch (failure) {
        error.value = (failure as Error).message;
        return;
      } finally {
        const left = new Set(loadingNames.value);
        left.delete(node.name);
        loadingNames.value = left;
      }
    }
    node.expanded = true;
  }

  /**
   * Every loaded branch as the kb now has it, asked for at once. A concept that is still in the
   * tree keeps its node wherever it now sits, so what was open stays open (a moved concept
   * comes along expanded, with its loaded children) and the list keeps its place.
   */
  async function refresh(): Promise<void> {
    if (root.value === undefined) return;
    const loaded = loadedNodes(root.value);
    const known = new Map<string, TreeNode>();
    for (const node of loaded) for (const child of node.children ?? []) known.set(child.name, child);
    const answers = await Promise.allSettled(loaded.map((node) => childrenOf(node.name)));
    loaded.forEach((node, index) => {
      const answer = answers[index];
      if (answer?.status !== "fulfilled") return;
      node.children = answer.value.map((child) => {
        const name = child.name ?? "";
        const kept = known.get(name);
        if (kept === undefined) return { name, rank: child.rank, expanded: false };
        kept.rank = child.rank;
        return kept;
      });
    });
    // A concept deleted meanwhile is no longer found, and is gone from its parent's children too.
    const stillShown = new Set(loadedNodes(root.value));
    const failed = answers.find(
      (answer, index) => answer.status === "rejected" && stillShown.has(loaded[index] as TreeNode),
    );
    if (failed?.status === "rejected") error.value = (failed.reason as Error).message;
  }

  const rows = computed<TreeRow[]>(() => {
    const visible: TreeRow[] = [];
    const walk = (node: TreeNode, depth: number, position: number, siblings: number) => {
      visible.push({ node, depth, position, siblings, loading: loadingNames.value.has(node.name) });
      const children = node.expanded ? (node.children ?? []) : [];
      for (const [index, child] of children.entries()) walk(child, depth + 1, index + 1, children.length);
    };
    if (root.value) walk(root.value, 0, 1, 1);
    return visible;
  });

  return { rows, error, loadRoot, toggle, refresh };
}
