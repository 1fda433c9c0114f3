/**
 * The observations part of the annotation service behind the real gateway, on a fresh
 * MariaDB or PostgreSQL database or SQLite file: HTTP tests of /v1/observations and /v1/associations
 * before the lead wires the domain into the all-in-one platform.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import {
  ANNO_OBSERVATIONS_PROTO_FILES,
  annotationObservationsRoutes,
} from "../../../gateway/src/routes/anno-observations.routes.js";
import { COMMON_PROTO_FILES, commonRoutes } from "../../../gateway/src/routes/common.routes.js";
import { ANNOTATION_RPC_ACCESS } from "../../../services/annotation/annotation.access.js";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationsBindings } from "../../../services/annotation/observations/observations-part.js";
import type { DomainModule } from "../../../services/kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

export const HTTP_BACKENDS = ["mariadb", "postgres", "sqlite"] as const;
export type HttpBackend = (typeof HTTP_BACKENDS)[number];

export interface ObservationsHttpStack {
  http: HttpClient;
  /** The service's storage, for seeding what only other parts can create (moments, images). */
  storage: DomainStorage;
  stop(): Promise<void>;
}

const routes: ServiceRoutes = {
  domain: "annotation",
  basePath: "/anno",
  title: "annotation observations (test)",
  protoFiles: [...COMMON_PROTO_FILES, ...ANNO_OBSERVATIONS_PROTO_FILES],
  access: ANNOTATION_RPC_ACCESS,
  casing: "snake",
  nulls: "omit",
  routes: [...commonRoutes(), ...annotationObservationsRoutes],
};

export async function startObservationsHttpStack(backend: HttpBackend): Promise<ObservationsHttpStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-anno-obs-"));
  const databaseUrl = {
    mariadb: () => createTestDatabase("m3_anno_obs"),
    postgres: () => createPostgresTestDatabase("m3_anno_obs"),
    sqlite: async () => join(dataDir, `${randomUUID()}.sqlite`),
  }[backend]();
  let opened: DomainStorage | undefined;
  const module: DomainModule = {
    name: "annotation",
    defaultGrpcPort: 0,
    protoFiles: ANNO_OBSERVATIONS_PROTO_FILES,
    health: { application: "annosaurus", description: "Annotation Service" },
    async open({ config, tokens, logger }) {
      const storage = await openAnnotationStorage(
        domainDatabaseTarget(config.databaseUrl, dataDir, "annotation"),
      );
      opened = storage;
      const bindings = createObservationsBindings({
        storage,
        tokens,
        logger,
        moments: createImagedMomentStore(),
      });
      return { bindings, close: () => storage.close() };
    },
  };
  const stack = await startDomainStack({
    module,
    routes: routes,
    dataDir,
    databaseUrl: await databaseUrl,
    authPath: "/anno/v1/auth",
  });
  if (!opened) throw new Error("the annotation storage did not open");
  return {
    http: stack.http,
    storage: opened,
    stop: stack.stop,
  };
}

/** One stack per backend for a test file, started before its tests and stopped after. */
export function useObservationsStacks(test: TestFn): (backend: HttpBackend) => ObservationsHttpStack {
  const stacks = new Map<HttpBackend, ObservationsHttpStack>();
  test.before(async () => {
    for (const backend of HTTP_BACKENDS) stacks.set(backend, await startObservationsHttpStack(backend));
  });
  test.after.always(async () => {
    await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  return (backend) => {
    const stack = stacks.get(backend);
    if (!stack) throw new Error(`the ${backend} stack did not start`);
    return stack;
  };
}
