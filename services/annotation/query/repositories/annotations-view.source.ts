import type { Logger } from "pino";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type SqliteAttachment, streamRowValueBatches } from "../../../kit/storage/row-stream.js";
import type { RegistryLink } from "../registry-link.js";
import { annotationsViewSelect } from "../view/annotations-view.js";

const VIEW_NAME = "annotations";
/** The schema name the registry's SQLite file is attached under. */
const ATTACHED_REGISTRY = "registry";
/** A registry that could not be read is tried again after this long (it may start later). */
const RETRY_MILLIS = 30_000;

/** What a tabular query reads FROM, and the SQLite files its connection must attach. */
export interface ViewSource {
  from: string;
  sqliteAttachments: readonly SqliteAttachment[];
  /** false: the registry's columns are null. */
  registryJoined: boolean;
}

const PLAIN_VIEW: ViewSource = { from: VIEW_NAME, sqliteAttachments: [], registryJoined: false };

/**
 * What the tabular queries read FROM: the `annotations` view, or, when the registry's tables
 * are reachable, the same SELECT joined to them as a derived table of that name: the
 * registry's database on the same MySQL server, its schema in the same PostgreSQL database
 * (which cannot read another database), or the registry's SQLite file attached
 * read-only to the query's own read-only connection (a SQLite view cannot name another
 * file). The registry is probed on first use; when it cannot be read, its columns stay null
 * and it is probed again later.
 */
export class AnnotationsViewSource {
  private cached?: Promise<ViewSource>;
  private retryAt = Number.POSITIVE_INFINITY;
  /** Built up front: a registry name that is not a database name fails at startup, not per query. */
  private readonly linked?: ViewSource;

  constructor(
    private readonly storage: DomainStorage,
    registry: RegistryLink | undefined,
    private readonly logger?: Logger,
  ) {
    if (registry === undefined) return;
    const dialects = registry.kind === "schema" ? ["mysql", "postgres"] : ["sqlite"];
    if (!dialects.includes(storage.dialect)) {
      const needed = registry.kind === "schema" ? "MySQL or PostgreSQL" : "SQLite";
      logger?.warn({ registry }, `the registry join needs ${needed} storage; video columns stay null`);
      return;
    }
    const schema = registry.kind === "schema" ? registry.schema : ATTACHED_REGISTRY;
    this.linked = {
      from: `(${annotationsViewSelect(schema, undefined, storage.dialect)}) ${VIEW_NAME}`,
      sqliteAttachments: registry.kind === "sqlite-file" ? [{ schema, file: registry.file }] : [],
      registryJoined: true,
    };
  }

  /** The view, or the derived table that stands in for it. */
  source(): Promise<ViewSource> {
    if (this.cached === undefined || Date.now() >= this.retryAt) {
      this.retryAt = Number.POSITIVE_INFINITY;
      this.cached = this.probe().then((source) => {
        if (this.linked !== undefined && !source.registryJoined) this.retryAt = Date.now() + RETRY_MILLIS;
        return source;
      });
    }
    return this.cached;
  }

  private async probe(): Promise<ViewSource> {
    const linked = this.linked;
    if (linked === undefined) return PLAIN_VIEW;
    try {
      const probe = `SELECT video_name FROM ${linked.from} LIMIT 0`;
      const rows = streamRowValueBatches(this.storage, probe, [], new AbortController().signal, linked);
      for await (const _batch of rows);
      return linked;
    } catch (error) {
      this.logger?.warn({ err: error }, "the registry's tables cannot be read; video columns stay null");
      return PLAIN_VIEW;
    }
  }
}
