import { computed, ref } from "vue";
import { dataOf, kb } from "../api/client";

/** A concept in the tree as shown: its children are loaded when it is first expanded. */
interface TreeNode {
  name: string;
  rank?: string | null;
  depth: number;
  expanded: boolean;
  children?: TreeNode[];
}

export interface TreeRow {
  node: TreeNode;
  loading: boolean;
}

/**
 * The kb's concept tree, lazily expanded: the root first, each concept's children
 * (/kb/v1/concept/children/{name}) when it is opened. `rows` is the visible part, flattened,
 * for a virtualized list.
 */
export function useConceptTree() {
  const root = ref<TreeNode>();
  const loadingNames = ref(new Set<string>());
  const error = ref<string>();

  async function loadRoot(): Promise<void> {
    error.value = undefined;
    try {
      const concept = await dataOf(kb.GET("/v1/concept/query/root"));
      root.value = { name: concept.name ?? "object", rank: concept.rank, depth: 0, expanded: false };
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
        const children = await dataOf(
          kb.GET("/v1/concept/children/{name}", { params: { path: { name: node.name } } }),
        );
        node.children = children.map((child) => ({
          name: child.name ?? "",
          rank: child.rank,
          depth: node.depth + 1,
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

  const rows = computed<TreeRow[]>(() => {
    const visible: TreeRow[] = [];
    const walk = (node: TreeNode) => {
      visible.push({ node, loading: loadingNames.value.has(node.name) });
      if (node.expanded) for (const child of node.children ?? []) walk(child);
    };
    if (root.value) walk(root.value);
    return visible;
  });

  return { rows, error, loadRoot, toggle };
}
