/**
 * The annotation service behind the real gateway, on a fresh MariaDB database or SQLite
 * directory: the stack of the /v1/histogram and /v1/query e2e tests.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { type DomainStack, startDomainStack } from "../domain-stack.js";
import { createTestDatabase, stopPrivateMariaDb } from "../mariadb.js";

export const QUERY_STACK_BACKENDS = ["mariadb", "sqlite"] as const;
export type QueryStackBackend = (typeof QUERY_STACK_BACKENDS)[number];

export async function startQueryStack(backend: QueryStackBackend): Promise<DomainStack> {
  return startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-anno-query-")),
    databaseUrl: backend === "mariadb" ? await createTestDatabase("m3_anno_query") : undefined,
    authPath: "/anno/v1/auth",
  });
}

/** One stack per backend for a test file, started (then `seed` run) before its tests and stopped after. */
export function useQueryStacks(
  test: TestFn,
  seed?: (stack: (backend: QueryStackBackend) => DomainStack) => Promise<void>,
): (backend: QueryStackBackend) => DomainStack {
  const stacks = new Map<QueryStackBackend, DomainStack>();
  const stackOf = (backend: QueryStackBackend) => {
    const stack = stacks.get(backend);
    if (!stack) throw new Error(`the ${backend} stack did not start`);
    return stack;
  };
  test.before(async () => {
    for (const backend of QUERY_STACK_BACKENDS) stacks.set(backend, await startQueryStack(backend));
    await seed?.(stackOf);
  });
  test.after.always(async () => {
    await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
    await stopPrivateMariaDb();
  });
  return stackOf;
}
