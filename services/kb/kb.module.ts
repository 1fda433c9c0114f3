import type { DomainModule } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";
import { openDomainStorage } from "../kit/storage/domain-storage.js";
import {
  attachmentsSchema,
  createAttachmentsSlice,
  createConceptAttachments,
} from "./attachments/attachments-slice.js";
import { warmCaches } from "./cache/warm-caches.js";
import { KB_DEFAULT_GRPC_PORT, readKbSettings } from "./config.js";
import type { KbSchema, KbSliceDeps } from "./contracts/slice.js";
import { createHistoryRecorder, createHistorySlice, historySchema } from "./history/history-slice.js";
import { KB_PROTO_FILES } from "./kb-proto-files.js";
import {
  createPeopleSlice,
  createPrincipalResolver,
  ensureAdminUser,
  peopleSchema,
} from "./people/people-slice.js";
import { createPhylogenySlice } from "./phylogeny/phylogeny-slice.js";
import {
  createConceptDirectory,
  createTreeSlice,
  createTreeVersionWatch,
  treeSchema,
} from "./tree/tree-slice.js";

const SCHEMAS: readonly KbSchema[] = [treeSchema, historySchema, peopleSchema, attachmentsSchema];

/** Every kb table, in migration order. */
export const kbSchema: KbSchema = {
  entities: SCHEMAS.flatMap((schema) => schema.entities),
  migrations: {
    mysql: SCHEMAS.flatMap((schema) => schema.migrations.mysql),
    sqlite: SCHEMAS.flatMap((schema) => schema.migrations.sqlite),
  },
};

/** The knowledge base (legacy oni) as the standalone and all-in-one launchers start it. */
export const kbModule: DomainModule = {
  name: "kb",
  defaultGrpcPort: KB_DEFAULT_GRPC_PORT,
  protoFiles: KB_PROTO_FILES,
  health: {
    application: "oni",
    description: "Organism Naming Infrastructure: Knowledge-base and User Accounts",
  },
  async open({ env, config, tokens, logger, dataDir }) {
    const settings = readKbSettings(env);
    const storage = await openDomainStorage({
      target: domainDatabaseTarget(config.databaseUrl, dataDir, "kb"),
      domain: "kb",
      ...kbSchema,
    });
    try {
      if (settings.admin) {
        const { created } = await ensureAdminUser(storage, settings.admin);
        if (created) logger.info({ username: settings.admin.username }, "created the first kb administrator");
      }
      const deps: KbSliceDeps = {
        storage,
        tokens,
        logger,
        directory: createConceptDirectory(),
        principals: createPrincipalResolver(storage),
        history: createHistoryRecorder(),
        versions: createTreeVersionWatch(storage),
      };
      const tree = createTreeSlice({ ...deps, attachments: createConceptAttachments() });
      const attachments = createAttachmentsSlice(deps);
      const slices = [
        tree,
        attachments,
        createPeopleSlice(deps, settings.loginLimits),
        createPhylogenySlice(deps),
      ];
      const history = createHistorySlice({
        ...deps,
        handlers: slices.flatMap((slice) => slice.historyHandlers ?? []),
      });
      const warming = warmCaches(slices, logger);
      return {
        bindings: [...slices, history].flatMap((slice) => slice.bindings),
        dependencies: { database: () => storage.ping() },
        close: async () => {
          await warming;
          await storage.close();
        },
      };
    } catch (error) {
      await storage.close();
      throw error;
    }
  },
};
