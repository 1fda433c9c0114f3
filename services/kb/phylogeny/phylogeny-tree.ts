import type { SerdeConcept } from "../../../proto/gen/m3/kb/v1/resources.js";
import type { TreeRow } from "./phylogeny.repository.js";

interface TreeNode {
  conceptId: number;
  parentId: number | undefined;
  parent: TreeNode | undefined;
  names: { name: string; primary: boolean }[];
  rank: string | undefined;
  children: TreeNode[];
  /** The node without children; shared by every answer until the next rebuild. */
  flat: SerdeConcept;
  /** The node with its whole subtree (children sorted by name). */
  full: SerdeConcept;
}

/**
 * An immutable snapshot of the concept tree, indexed by every name. Answers share the
 * prebuilt SerdeConcept objects, so callers must not mutate them.
 */
export class PhylogenyTree {
  private readonly taxaMemo = new Map<TreeNode, SerdeConcept[]>();
  private readonly breadthFirstMemo = new Map<TreeNode, { conceptId: number; name: string }[]>();

  private constructor(
    private readonly byName: ReadonlyMap<string, TreeNode>,
    readonly size: number,
  ) {}

  static fromRows(rows: readonly TreeRow[]): PhylogenyTree {
    const nodes = nodesOf(rows);
    const roots: TreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === undefined ? undefined : nodes.get(node.parentId);
      node.parent = parent;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const byName = new Map<string, TreeNode>();
    let size = 0;
    // Post-order from the roots: nodes on a parent cycle are unreachable and left out.
    const stack: { node: TreeNode; expanded: boolean }[] = roots.map((node) => ({ node, expanded: false }));
    while (stack.length > 0) {
      const entry = stack.pop() as { node: TreeNode; expanded: boolean };
      const node = entry.node;
      if (!entry.expanded) {
        stack.push({ node, expanded: true });
        for (const child of node.children) stack.push({ node: child, expanded: false });
        continue;
      }
      finish(node);
      size++;
      for (const { name } of node.names) byName.set(name, node);
    }
    return new PhylogenyTree(byName, size);
  }

  /** The branch from the root to the concept: one child per level, the concept without children. */
  up(name: string): SerdeConcept | undefined {
    let node = this.byName.get(name);
    if (!node) return undefined;
    let branch = node.flat;
    for (node = node.parent; node; node = node.parent) branch = { ...node.flat, children: [branch] };
    return branch;
  }

  /** The concept with its whole subtree. */
  down(name: string): SerdeConcept | undefined {
    return this.byName.get(name)?.full;
  }

  /** The path from the root to the concept, root first, without children. */
  basic(name: string): SerdeConcept[] | undefined {
    const path: SerdeConcept[] = [];
    for (let node = this.byName.get(name); node; node = node.parent) path.push(node.flat);
    return path.length === 0 ? undefined : path.reverse();
  }

  /** The concept and all its descendants, sorted by name, without children. */
  taxa(name: string): SerdeConcept[] | undefined {
    const node = this.byName.get(name);
    if (!node) return undefined;
    let taxa = this.taxaMemo.get(node);
    if (!taxa) {
      taxa = [];
      const stack = [node];
      for (let next = stack.pop(); next; next = stack.pop()) {
        taxa.push(next.flat);
        stack.push(...next.children);
      }
      taxa.sort(byName);
      this.taxaMemo.set(node, taxa);
    }
    return taxa;
  }

  /**
   * The concept and its descendants breadth first (the concept, its children, their children…),
   * each level's nodes in their parents' order and each parent's children by name. Kept per
   * concept for the snapshot's life, as taxa are; callers must not change it.
   */
  breadthFirst(name: string): { conceptId: number; name: string }[] | undefined {
    const node = this.byName.get(name);
    if (!node) return undefined;
    let order = this.breadthFirstMemo.get(node);
    if (!order) {
      order = [];
      const queue = [node];
      for (let next = 0; next < queue.length; next++) {
        const current = queue[next] as TreeNode;
        order.push({ conceptId: current.conceptId, name: current.flat.name });
        queue.push(...current.children);
      }
      this.breadthFirstMemo.set(node, order);
    }
    return order;
  }

  /** The children of the concept's parent, the concept included; [] for a root or an unknown name. */
  siblings(name: string): SerdeConcept[] {
    const parent = this.byName.get(name)?.parent;
    return parent ? parent.children.map((child) => child.flat) : [];
  }
}

function nodesOf(rows: readonly TreeRow[]): Map<number, TreeNode> {
  const nodes = new Map<number, TreeNode>();
  for (const row of rows) {
    let node = nodes.get(row.conceptId);
    if (!node) {
      node = {
        conceptId: row.conceptId,
        parentId: row.parentId,
        parent: undefined,
        names: [],
        rank: rankOf(row.rankLevel, row.rankName),
        children: [],
        flat: { name: "", alternativeNames: [], children: [] },
        full: { name: "", alternativeNames: [], children: [] },
      };
      nodes.set(row.conceptId, node);
    }
    if (row.name !== undefined) {
      node.names.push({ name: row.name, primary: row.nameType?.toLowerCase() === "primary" });
    }
  }
  return nodes;
}

/** Legacy rule: a rank shows only when the rank name is set; the level is a prefix. */
export function rankOf(rankLevel: string | undefined, rankName: string | undefined): string | undefined {
  if (!rankName) return undefined;
  return `${rankLevel ?? ""}${rankName}`;
}

/** Builds the node's answers once its children are finished. */
function finish(node: TreeNode): void {
  node.children.sort((a, b) => byName(a.flat, b.flat));
  const primary = node.names.find((name) => name.primary) ?? node.names[0];
  const alternativeNames = node.names
    .filter((name) => name !== primary)
    .map((name) => name.name)
    .sort();
  node.flat = { name: primary?.name ?? "", rank: node.rank, alternativeNames, children: [] };
  node.full = { ...node.flat, children: node.children.map((child) => child.full) };
}

function byName(a: SerdeConcept, b: SerdeConcept): number {
  if (a.name === b.name) return 0;
  return a.name < b.name ? -1 : 1;
}
