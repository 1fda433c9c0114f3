import { ANNOTATION_TABLES } from "../../../../services/annotation/annotation-tables.js";
import { KB_TABLES } from "../../../../services/kb/kb-tables.js";
import type { DatabaseTarget } from "../../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { dataTables, type TableCatalogue } from "../../../../services/kit/storage/table-catalogue.js";
import { REGISTRY_TABLES } from "../../../../services/registry/registry-tables.js";
import { openDomainStorageAt } from "../../migrate/migrate.js";
import type { LegacyDomain } from "../legacy/legacy-mapping.js";
import { M3TablesRepository } from "../target/m3-tables.repository.js";

/** The catalogue of each domain an import fills. */
export const DOMAIN_CATALOGUES: Readonly<Record<LegacyDomain, TableCatalogue>> = {
  kb: KB_TABLES,
  registry: REGISTRY_TABLES,
  annotation: ANNOTATION_TABLES,
};

/** The domain's own rows' tables (neither counts nor versions), by name. */
export function dataTableNames(domain: LegacyDomain): string[] {
  return dataTables(DOMAIN_CATALOGUES[domain]).map(([name]) => name);
}

/** Each domain's m3 storage, opened (and migrated) at its target, as `m3 restore` opens them. */
export class TargetDomains {
  private constructor(private readonly opened: Map<LegacyDomain, M3TablesRepository>) {}

  static async open(
    domains: readonly LegacyDomain[],
    databases: Readonly<Record<LegacyDomain, DatabaseTarget>>,
  ): Promise<TargetDomains> {
    const opened = new Map<LegacyDomain, M3TablesRepository>();
    try {
      for (const domain of domains) {
        const storage: DomainStorage = await openDomainStorageAt(domain, databases[domain]);
        opened.set(domain, new M3TablesRepository(storage));
      }
    } catch (error) {
      await Promise.allSettled([...opened.values()].map((tables) => tables.storage.close()));
      throw error;
    }
    return new TargetDomains(opened);
  }

  of(domain: LegacyDomain): M3TablesRepository {
    const tables = this.opened.get(domain);
    if (!tables) throw new Error(`the ${domain} domain is not open`);
    return tables;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.opened.values()].map((tables) => tables.storage.close()));
  }
}
