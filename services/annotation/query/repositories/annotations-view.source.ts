import type { Logger } from "pino";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { annotationsViewSelect } from "../view/annotations-view.js";

const VIEW_NAME = "annotations";

/**
 * What the tabular queries read FROM: the `annotations` view, or, when the registry's
 * database is configured and reachable on the same MySQL server, the same SELECT joined
 * to its video tables as a derived table of that name (MySQL merges both alike). The
 * registry is probed once; when it cannot be read, the video columns stay null.
 */
export class AnnotationsViewSource {
  private resolved?: Promise<string>;
  /** Built up front: a registry name that is not a database name fails at startup, not per query. */
  private readonly joined?: string;

  constructor(
    private readonly storage: DomainStorage,
    private readonly registrySchema: string | undefined,
    private readonly logger?: Logger,
  ) {
    if (registrySchema !== undefined) this.joined = `(${annotationsViewSelect(registrySchema)}) ${VIEW_NAME}`;
  }

  /** The view's name, or the derived table that stands in for it. */
  source(): Promise<string> {
    this.resolved ??= this.probe();
    return this.resolved;
  }

  private async probe(): Promise<string> {
    const schema = this.registrySchema;
    const joined = this.joined;
    if (schema === undefined || joined === undefined) return VIEW_NAME;
    if (this.storage.dialect !== "mysql") {
      this.logger?.warn({ registrySchema: schema }, "the registry join needs MySQL; video columns stay null");
      return VIEW_NAME;
    }
    try {
      await this.storage.read((manager) => manager.query(`SELECT video_name FROM ${joined} LIMIT 0`));
      return joined;
    } catch (error) {
      this.logger?.warn(
        { registrySchema: schema, err: error },
        "the registry's tables cannot be read; video columns stay null",
      );
      return VIEW_NAME;
    }
  }
}
