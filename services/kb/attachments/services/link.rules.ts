import { DomainError } from "../../../kit/errors/domain-error.js";
import { compareText } from "../../../kit/sql/text-order.js";

export interface Triple {
  linkName: string;
  toConcept: string;
  linkValue: string;
}

/** The LinkCreate defaults: no target concept, no value. */
export const SELF = "self";
export const NIL = "nil";

const SEPARATOR = " | ";

/** The "linkName | toConcept | linkValue" form used in history records and for sorting. */
export function shortString(link: Triple): string {
  return [link.linkName, link.toConcept, link.linkValue].join(SEPARATOR);
}

/** Parses a short string; legacy records may carry the owning concept as a fourth, leading token. */
export function parseShortString(text: string): Triple {
  const tokens = text.split(SEPARATOR);
  const triple = tokens.length === 4 ? tokens.slice(1) : tokens;
  const [linkName, toConcept, linkValue] = triple;
  if (triple.length !== 3 || linkName === undefined || toConcept === undefined || linkValue === undefined) {
    throw DomainError.failedPrecondition("BAD_HISTORY_VALUE", `Cannot read the link \`${text}\``);
  }
  return { linkName, toConcept, linkValue };
}

export function sameTriple(a: Triple, b: Triple): boolean {
  return a.linkName === b.linkName && a.toConcept === b.toConcept && a.linkValue === b.linkValue;
}

/** Sorts by the short string of each item's link (the legacy order of concept lists and pages). */
export function byShortString<T>(items: readonly T[], tripleOf: (item: T) => Triple): T[] {
  return items
    .map((item) => ({ item, key: shortString(tripleOf(item)) }))
    .sort((a, b) => compareText(a.key, b.key))
    .map(({ item }) => item);
}

/** Sorts case-insensitively by name, then to-concept and value (the legacy /links order). */
export function byLinkNameIgnoringCase<T>(items: readonly T[], tripleOf: (item: T) => Triple): T[] {
  const key = (item: T) => {
    const link = tripleOf(item);
    return [link.linkName.toLowerCase(), link.toConcept, link.linkValue];
  };
  return [...items].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    for (let i = 0; i < left.length; i++) {
      const order = compareText(left[i] ?? "", right[i] ?? "");
      if (order !== 0) return order;
    }
    return 0;
  });
}
