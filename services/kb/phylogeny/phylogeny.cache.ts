import type { Logger } from "pino";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { VersionWatch } from "../cache/version-watch.js";
import type { PhylogenyRepository } from "./phylogeny.repository.js";
import { PhylogenyTree } from "./phylogeny-tree.js";

interface Snapshot {
  version: number;
  tree: PhylogenyTree;
}

/**
 * The whole concept tree in memory. Before every answer it reads the tree version (one
 * cheap query, shared by concurrent requests: VersionWatch) and rebuilds when another
 * writer, on any replica, has bumped it; deletions bump it too, so they are seen. Requests
 * arriving during a rebuild share it.
 */
export class PhylogenyCache {
  private current: Snapshot | undefined;
  private pending: { version: number; tree: Promise<PhylogenyTree> } | undefined;

  constructor(
    private readonly storage: DomainStorage,
    private readonly repository: PhylogenyRepository,
    private readonly logger?: Logger,
    private readonly versions = new VersionWatch(() =>
      storage.read((manager) => repository.treeVersion(manager)),
    ),
  ) {}

  /** The tree as of the current version. */
  async tree(): Promise<PhylogenyTree> {
    const version = await this.versions.current();
    if (this.current?.version === version) return this.current.tree;
    if (this.pending?.version === version) return this.pending.tree;
    const tree = this.rebuild(version);
    this.pending = { version, tree };
    return tree.finally(() => {
      if (this.pending?.tree === tree) this.pending = undefined;
    });
  }

  private async rebuild(version: number): Promise<PhylogenyTree> {
    const startedAt = performance.now();
    // Rows read after the version are at least that new; a newer write just triggers another rebuild.
    const rows = await this.storage.read((manager) => this.repository.treeRows(manager));
    const tree = PhylogenyTree.fromRows(rows);
    this.current = { version, tree };
    this.logger?.debug(
      { version, concepts: tree.size, durationMs: Math.round(performance.now() - startedAt) },
      "phylogeny cache rebuilt",
    );
    return tree;
  }
}
