import { LEGACY_ANNOTATION_TABLES } from "./legacy-annotation-mapping.js";
import { LEGACY_KB_TABLES } from "./legacy-kb-mapping.js";
import type { LegacyDomain, LegacyTableMapping } from "./legacy-mapping.js";
import { LEGACY_REGISTRY_TABLES } from "./legacy-registry-mapping.js";

/** Every legacy table m3 imports, by domain, in import order (parents first). */
export const LEGACY_TABLES: Readonly<Record<LegacyDomain, readonly LegacyTableMapping[]>> = {
  kb: LEGACY_KB_TABLES,
  registry: LEGACY_REGISTRY_TABLES,
  annotation: LEGACY_ANNOTATION_TABLES,
};

/**
 * Hibernate Envers's audit tables (lower case, as PostgreSQL stores them) that are not carried:
 * counted and reported. m3 keeps the history of annotations only: annosaurus's audit rows go
 * into it (legacy-audit-source.ts); vampire-squid's stay behind.
 */
export const LEGACY_AUDIT_TABLES: Readonly<Record<LegacyDomain, readonly string[]>> = {
  kb: [],
  registry: ["revinfo", "video_sequences_aud", "videos_aud", "video_references_aud"],
  annotation: [],
};

/** Legacy tables with no counterpart in m3, and why: counted and reported when not empty. */
export const LEGACY_UNCARRIED_TABLES: Readonly<Record<LegacyDomain, Readonly<Record<string, string>>>> = {
  kb: {
    artifact: "an old kb table current oni does not use",
    sectioninfo: "an old kb table current oni does not use",
    usage: "an old kb table current oni does not use",
    uniqueid: "oni's id generator state; m3 numbers new rows above the imported ids",
  },
  registry: {},
  annotation: {},
};

/** The tables and columns a database must have to be read as the domain's legacy service's. */
export function requiredLegacyColumns(domain: LegacyDomain): Map<string, string[]> {
  const required = new Map<string, string[]>();
  for (const mapping of LEGACY_TABLES[domain]) {
    const columns = [
      ...mapping.columns.filter((pair) => !pair.optional).map((pair) => pair.legacy),
      ...mapping.legacyOnly.filter((column) => !column.optional).map((column) => column.legacy),
      ...(mapping.lastUpdated ? [mapping.lastUpdated] : []),
    ];
    required.set(mapping.legacy, [...new Set([...(required.get(mapping.legacy) ?? []), ...columns])]);
  }
  return required;
}

/**
 * What a database lacks to be read as the domain's legacy tables, given the columns of its
 * tables (lower-case names): `Concept`, or `ConceptName.NameType`, in the sources' spelling.
 * Empty when it has everything.
 */
export function missingLegacyColumns(
  domain: LegacyDomain,
  present: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const missing: string[] = [];
  for (const [table, columns] of requiredLegacyColumns(domain)) {
    const spelled = LEGACY_TABLES[domain].find((mapping) => mapping.legacy === table)?.spelled ?? table;
    const found = present.get(table);
    if (!found) missing.push(spelled);
    else
      missing.push(...columns.filter((column) => !found.has(column)).map((column) => `${spelled}.${column}`));
  }
  return missing;
}
