/**
 * Orders route templates so that literal path segments win over parameters
 * (`/videosequences/names` before `/videosequences/{uuid}`), whatever the table's order.
 * The router tries routes in registration order, so registering in this order is enough.
 */

const LITERAL = 0;
const MIXED = 1;
const PARAMETER = 2;

function segmentRank(segment: string): number {
  if (!segment.includes("{")) return LITERAL;
  return /^\{[^}]+\}$/.test(segment) ? PARAMETER : MIXED;
}

/** Negative when `a` must be tried before `b`; compares segment by segment from the left. */
export function compareSpecificity(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  const common = Math.min(left.length, right.length);
  for (let i = 0; i < common; i++) {
    const difference = segmentRank(left[i] ?? "") - segmentRank(right[i] ?? "");
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A stable sort: routes of equal specificity keep their table order. */
export function sortBySpecificity<T>(items: readonly T[], templateOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareSpecificity(templateOf(a), templateOf(b)));
}
