import type { Instant } from "../../../../services/kit/time/instant.js";
import { AUDIT_SOURCE_TABLES, LegacyAuditSource } from "../legacy/legacy-audit-source.js";
import type { ReadContext } from "../legacy/legacy-conversions.js";
import { ONI_ROLES } from "../legacy/legacy-kb-mapping.js";
import type { LegacyDomain } from "../legacy/legacy-mapping.js";
import { LegacySourceRepository, SourceError } from "../legacy/legacy-source.repository.js";
import { LegacyTableSource } from "../legacy/legacy-table-source.js";
import {
  LEGACY_AUDIT_TABLES,
  LEGACY_TABLES,
  LEGACY_UNCARRIED_TABLES,
  missingLegacyColumns,
} from "../legacy/legacy-tables.js";
import type { TableSource } from "../merge/table-source.js";
import type { UncarriedTable } from "./import-report.js";
import type { ImportSource } from "./import-run.service.js";
import { DOMAIN_CATALOGUES } from "./target-domains.js";

/** Where each legacy service's tables are: one URL for all (the quickstart) or one per service. */
export type LegacySources = Partial<Record<LegacyDomain, string>>;

/**
 * Opens the legacy databases and checks that each is what its service made: a database that
 * lacks a table or column m3 reads is refused, naming them, before anything is written.
 */
export async function openLegacySources(sources: LegacySources, importedAt: Instant): Promise<ImportSource> {
  const domains = (Object.keys(sources) as LegacyDomain[]).filter((domain) => sources[domain]);
  if (domains.length === 0)
    throw new SourceError("no source: give --from, or --kb-from, --registry-from and --annotation-from");
  const readers = new Map<string, LegacySourceRepository>();
  const closeAll = () =>
    Promise.allSettled([...readers.values()].map((reader) => reader.close())).then(() => undefined);
  try {
    const byDomain = new Map<
      LegacyDomain,
      { reader: LegacySourceRepository; columns: Map<string, Set<string>> }
    >();
    for (const domain of domains) {
      const url = sources[domain] as string;
      let reader = readers.get(url);
      if (!reader) {
        reader = await LegacySourceRepository.open(url);
        readers.set(url, reader);
      }
      const columns = await reader.tableColumns();
      const missing = missingLegacyColumns(domain, columns);
      if (missing.length > 0) {
        throw new SourceError(
          `${reader.description} is not an M3 ${domain} database: it lacks ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ` and ${missing.length - 20} more` : ""}`,
        );
      }
      byDomain.set(domain, { reader, columns });
    }
    const kb = byDomain.get("kb");
    if (kb) await refuseBrokenTree(kb.reader);
    const delegates = kb ? await readDelegates(kb.reader) : new Map<number, number>();
    const context: ReadContext = {
      conceptOfDelegate: (id) => delegates.get(id),
      importedAt: importedAt.toSql(),
    };
    return {
      description: [...new Set([...readers.values()].map((reader) => reader.description))].join(", "),
      domains,
      tables: (domain) => {
        const { reader, columns } = byDomain.get(domain) as {
          reader: LegacySourceRepository;
          columns: Map<string, Set<string>>;
        };
        const tables: TableSource[] = LEGACY_TABLES[domain]
          .filter((mapping) => mapping.role === undefined)
          .map((mapping) => {
            const shape = DOMAIN_CATALOGUES[domain][mapping.m3];
            if (!shape) throw new Error(`${mapping.m3} is not a ${domain} table`);
            return new LegacyTableSource(
              mapping,
              shape,
              reader,
              context,
              columns.get(mapping.legacy) ?? new Set(),
            );
          });
        if (domain === "annotation" && hasAuditTables(columns)) tables.push(new LegacyAuditSource(reader));
        return tables;
      },
      uncarried: async () => {
        const tables: UncarriedTable[] = [];
        for (const [domain, { reader, columns }] of byDomain) {
          const candidates: [string, string][] = [
            ...LEGACY_AUDIT_TABLES[domain].map(
              (table) =>
                [table, "audit history: m3 keeps the history of annotations only"] as [string, string],
            ),
            ...Object.entries(LEGACY_UNCARRIED_TABLES[domain]),
          ];
          for (const [table, why] of candidates) {
            if (!columns.has(table)) continue;
            const rows = await reader.countRows(table);
            if (rows > 0 || LEGACY_AUDIT_TABLES[domain].includes(table))
              tables.push({ domain, table, rows, why });
          }
        }
        return tables;
      },
      notes: async () => {
        const kbSource = byDomain.get("kb");
        if (!kbSource) return [];
        const users = await kbSource.reader.usersWithRoleOutside(ONI_ROLES);
        return users.map(
          ({ username, role }) =>
            `user ${username}: role ${role === null ? "NULL (imported as ReadOnly)" : `"${role}"`} is not spelled as oni spells roles (${ONI_ROLES.join(", ")}); m3 reads it ignoring case`,
        );
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Whether the annotation source holds annosaurus's Envers tables (older annosaurus kept none). */
function hasAuditTables(columns: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  return AUDIT_SOURCE_TABLES.every((table) => columns.has(table));
}

/**
 * A concept whose parent is not in the source cannot be placed in m3's tree (nor its names,
 * media and descendants): the import is refused before anything is written, naming each.
 */
async function refuseBrokenTree(reader: LegacySourceRepository): Promise<void> {
  const orphans = await reader.conceptsWithMissingParent();
  if (orphans.length === 0) return;
  const named = orphans
    .slice(0, 20)
    .map(
      (orphan) => `concept ${orphan.id} (${orphan.name ?? "no primary name"}) has parent ${orphan.parent}`,
    );
  throw new SourceError(
    `${reader.description} holds concepts whose parent concept is missing: ${named.join("; ")}` +
      `${orphans.length > 20 ? ` and ${orphans.length - 20} more` : ""}. ` +
      "Give them a parent that exists (or none) in the source and import again; nothing was written",
  );
}

/** oni's delegates, each to its concept: a kb's size (thousands), held while the kb tables are read. */
async function readDelegates(reader: LegacySourceRepository): Promise<Map<number, number>> {
  const delegates = new Map<number, number>();
  for await (const batch of reader.readBatches("conceptdelegate", ["id", "conceptid_fk"], ["id"], 10_000)) {
    for (const row of batch) delegates.set(Number(row.id), Number(row.conceptid_fk));
  }
  return delegates;
}
