/**
 * Routes by path segment instead of testing every route's regular expression in turn: a
 * request walks one branch of a tree of segments, so its cost follows the path's length, not
 * the number of routes. The order of the walk is the order of route-order.ts, segment by
 * segment from the left: a literal segment, then segments mixing text and parameters (in
 * registration order), then a bare parameter; a branch that leads to no route of the method
 * is left for the next (backtracking), as the ordered scan of every route did.
 *
 * Literal segments match whatever their case (the router before this one did too); parameter
 * values keep theirs and are percent-decoded once.
 */

const PARAMETER = /\{([^}]*)\}/g;

/** A route found for a request: its payload, template and decoded path parameters. */
export interface RouteMatch<T> {
  value: T;
  template: string;
  params: Record<string, string>;
}

interface RouteLeaf<T> {
  value: T;
  template: string;
  /** Parameter names in path order; the walk's captures line up with them. */
  names: readonly string[];
}

interface MixedSegment<T> {
  source: string;
  pattern: RegExp;
  node: TreeNode<T>;
}

class TreeNode<T> {
  /** Children by literal segment, lower case. */
  readonly literals = new Map<string, TreeNode<T>>();
  readonly mixed: MixedSegment<T>[] = [];
  parameter: TreeNode<T> | undefined;
  /** Routes ending here by method, in registration order. */
  readonly routes = new Map<string, RouteLeaf<T>[]>();
}

/** Reports a node a request's path ends at; returns true to stop the walk. */
type Visitor<T> = (node: TreeNode<T>, captures: readonly string[]) => boolean;

export class RouteTree<T> {
  private readonly root = new TreeNode<T>();

  /** Adds a route; a template is `/v1/videos/{uuid}`, literal text and `{name}` parameters. */
  add(method: string, template: string, value: T): void {
    let node = this.root;
    const names: string[] = [];
    for (const segment of splitPath(template)) {
      const parameters = [...segment.matchAll(PARAMETER)].map((match) => match[1] ?? "");
      names.push(...parameters);
      node = childFor(node, segment, parameters.length);
    }
    const leaves = node.routes.get(method) ?? [];
    leaves.push({ value, template, names });
    node.routes.set(method, leaves);
  }

  /**
   * The route of the method for the path's segments (see pathSegments), or undefined; `skip`
   * passes over that many earlier matches (a handler that hands the request on).
   */
  find(method: string, segments: readonly string[], skip = 0): RouteMatch<T> | undefined {
    let found: RouteMatch<T> | undefined;
    let remaining = skip;
    walk(this.root, segments, 0, [], (node, captures) => {
      for (const leaf of node.routes.get(method) ?? []) {
        if (remaining-- > 0) continue;
        found = { value: leaf.value, template: leaf.template, params: paramsOf(leaf.names, captures) };
        return true;
      }
      return false;
    });
    return found;
  }

  /** Every method some route of the path answers, in walk order (what an Allow header lists). */
  methodsOf(segments: readonly string[]): string[] {
    const methods = new Set<string>();
    walk(this.root, segments, 0, [], (node) => {
      for (const method of node.routes.keys()) methods.add(method);
      return false;
    });
    return [...methods];
  }
}

/**
 * The segments of a request path: one trailing slash is ignored (`/v1/videos/` is
 * `/v1/videos`); the path is raw, so an encoded `%2F` stays inside its segment.
 */
export function pathSegments(path: string): string[] {
  const end = path.length > 1 && path.endsWith("/") ? path.length - 1 : path.length;
  return path.slice(1, end).split("/");
}

function splitPath(template: string): string[] {
  return template.replace(/^\//, "").split("/");
}

function childFor<T>(node: TreeNode<T>, segment: string, parameterCount: number): TreeNode<T> {
  if (parameterCount === 0) {
    const key = segment.toLowerCase();
    const child = node.literals.get(key) ?? new TreeNode<T>();
    node.literals.set(key, child);
    return child;
  }
  if (/^\{[^}]*\}$/.test(segment)) {
    node.parameter ??= new TreeNode<T>();
    return node.parameter;
  }
  // Mixed segments with the same shape share a branch whatever their parameters are called.
  const source = segment.replace(PARAMETER, "{}");
  let mixed = node.mixed.find((candidate) => candidate.source === source);
  if (mixed === undefined) {
    mixed = { source, pattern: mixedPattern(source), node: new TreeNode<T>() };
    node.mixed.push(mixed);
  }
  return mixed.node;
}

function mixedPattern(source: string): RegExp {
  const parts = source.split("{}").map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("([^/]+?)")}$`, "i");
}

function walk<T>(
  node: TreeNode<T>,
  segments: readonly string[],
  index: number,
  captures: string[],
  visit: Visitor<T>,
): boolean {
  if (index === segments.length) return visit(node, captures);
  const segment = segments[index] ?? "";
  const literal = node.literals.get(segment) ?? node.literals.get(segment.toLowerCase());
  if (literal !== undefined && walk(literal, segments, index + 1, captures, visit)) return true;
  // A parameter is never empty.
  if (segment === "") return false;
  for (const mixed of node.mixed) {
    const match = mixed.pattern.exec(segment);
    if (match === null) continue;
    const depth = captures.length;
    captures.push(...match.slice(1));
    if (walk(mixed.node, segments, index + 1, captures, visit)) return true;
    captures.length = depth;
  }
  if (node.parameter !== undefined) {
    captures.push(segment);
    if (walk(node.parameter, segments, index + 1, captures, visit)) return true;
    captures.pop();
  }
  return false;
}

function paramsOf(names: readonly string[], captures: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) params[names[i] ?? ""] = decodeOnce(captures[i] ?? "");
  return params;
}

/** A value that is not valid percent-encoding is kept as sent. */
function decodeOnce(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
