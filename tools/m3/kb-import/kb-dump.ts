/**
 * The legacy kb dump (mbari-org/oni `kb-dump.json`): one nested RawConcept-like tree with
 * `names`, `metadata` (`linkRealizations`, `linkTemplates`, `medias` or `media`) and
 * `children`. `originator` and `nodcCode` are ignored; name types are kept as stored. One
 * concept of the real dump has no name; it is imported as it is.
 */

export interface DumpName {
  name: string;
  nameType: string;
  author: string | undefined;
}

export interface DumpLink {
  linkName: string;
  toConcept: string;
  linkValue: string;
}

export interface DumpMedia {
  url: string;
  caption: string | undefined;
  credit: string | undefined;
  isPrimary: boolean;
  mediaType: string | undefined;
}

/** One concept, flattened: parents always come before their children. */
export interface DumpConcept {
  /** Position in `concepts` (pre-order). */
  index: number;
  parentIndex: number | undefined;
  depth: number;
  rankLevel: string | undefined;
  rankName: string | undefined;
  names: DumpName[];
  media: DumpMedia[];
  linkTemplates: DumpLink[];
  linkRealizations: DumpLink[];
}

export interface DumpCounts {
  concepts: number;
  names: number;
  media: number;
  linkTemplates: number;
  linkRealizations: number;
}

export interface KbDump {
  concepts: DumpConcept[];
  counts: DumpCounts;
}

type Json = Record<string, unknown>;

/** Flattens the dump's tree (given as parsed JSON), checking the fields it needs. */
export function parseKbDump(root: unknown): KbDump {
  const concepts: DumpConcept[] = [];
  const stack: { node: unknown; parentIndex: number | undefined; depth: number; path: string }[] = [
    { node: root, parentIndex: undefined, depth: 1, path: "$" },
  ];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const node = object(next.node, next.path);
    const metadata =
      node.metadata === undefined || node.metadata === null ? {} : object(node.metadata, next.path);
    const concept: DumpConcept = {
      index: concepts.length,
      parentIndex: next.parentIndex,
      depth: next.depth,
      rankLevel: optionalText(node.rankLevel, `${next.path}.rankLevel`),
      rankName: optionalText(node.rankName, `${next.path}.rankName`),
      names: list(node.names, `${next.path}.names`).map((name, i) =>
        nameOf(name, `${next.path}.names[${i}]`),
      ),
      media: list(metadata.medias ?? metadata.media, `${next.path}.metadata.medias`).map((media, i) =>
        mediaOf(media, `${next.path}.metadata.medias[${i}]`),
      ),
      linkTemplates: list(metadata.linkTemplates, `${next.path}.metadata.linkTemplates`).map((link, i) =>
        linkOf(link, `${next.path}.metadata.linkTemplates[${i}]`),
      ),
      linkRealizations: list(metadata.linkRealizations, `${next.path}.metadata.linkRealizations`).map(
        (link, i) => linkOf(link, `${next.path}.metadata.linkRealizations[${i}]`),
      ),
    };
    concepts.push(concept);
    const children = list(node.children, `${next.path}.children`);
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({
        node: children[i],
        parentIndex: concept.index,
        depth: next.depth + 1,
        path: `${next.path}.children[${i}]`,
      });
    }
  }
  return { concepts, counts: countsOf(concepts) };
}

function countsOf(concepts: readonly DumpConcept[]): DumpCounts {
  const counts = { concepts: concepts.length, names: 0, media: 0, linkTemplates: 0, linkRealizations: 0 };
  for (const concept of concepts) {
    counts.names += concept.names.length;
    counts.media += concept.media.length;
    counts.linkTemplates += concept.linkTemplates.length;
    counts.linkRealizations += concept.linkRealizations.length;
  }
  return counts;
}

function nameOf(value: unknown, path: string): DumpName {
  const name = object(value, path);
  return {
    name: text(name.name, `${path}.name`),
    nameType: text(name.nameType, `${path}.nameType`),
    author: optionalText(name.author, `${path}.author`),
  };
}

function linkOf(value: unknown, path: string): DumpLink {
  const link = object(value, path);
  return {
    // The real dump has one template with an empty name and realizations with empty values: kept as stored.
    linkName: storedText(link.linkName, `${path}.linkName`),
    toConcept: link.toConcept === undefined ? "self" : storedText(link.toConcept, `${path}.toConcept`),
    linkValue: link.linkValue === undefined ? "nil" : storedText(link.linkValue, `${path}.linkValue`),
  };
}

function mediaOf(value: unknown, path: string): DumpMedia {
  const media = object(value, path);
  const primary = media.primaryMedia ?? media.isPrimary;
  return {
    url: text(media.url, `${path}.url`),
    caption: optionalText(media.caption, `${path}.caption`),
    credit: optionalText(media.credit, `${path}.credit`),
    isPrimary: primary === true,
    mediaType: optionalText(media.type ?? media.mediaType, `${path}.type`),
  };
}

function object(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${path}: expected an object`);
  }
  return value as Json;
}

function list(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error(`${path}: expected an array`);
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== "string" || value === "") throw new Error(`${path}: expected a non-empty string`);
  return value;
}

function storedText(value: unknown, path: string): string {
  if (typeof value !== "string") throw new Error(`${path}: expected a string`);
  return value;
}

function optionalText(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new Error(`${path}: expected a string`);
  return value;
}
