/**
 * The annotation service behind the real gateway, on a fresh MariaDB database or SQLite
 * directory: the stack of the /v1/fast e2e tests.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { type DomainStack, startDomainStack } from "../domain-stack.js";
import { createTestDatabase, stopPrivateMariaDb } from "../mariadb.js";

export const FAST_BACKENDS = ["mariadb", "sqlite"] as const;
export type FastBackend = (typeof FAST_BACKENDS)[number];

export async function startFastStack(backend: FastBackend): Promise<DomainStack> {
  return startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-anno-fast-")),
    databaseUrl: backend === "mariadb" ? await createTestDatabase("m3_anno_fast") : undefined,
    authPath: "/anno/v1/auth",
  });
}

/**
 * One stack per backend for a test file, started (then `seed` run) before its tests and
 * stopped after.
 */
export function useFastStacks(
  test: TestFn,
  seed?: (stack: (backend: FastBackend) => DomainStack) => Promise<void>,
): (backend: FastBackend) => DomainStack {
  const stacks = new Map<FastBackend, DomainStack>();
  const stackOf = (backend: FastBackend) => {
    const stack = stacks.get(backend);
    if (!stack) throw new Error(`the ${backend} stack did not start`);
    return stack;
  };
  test.before(async () => {
    for (const backend of FAST_BACKENDS) stacks.set(backend, await startFastStack(backend));
    await seed?.(stackOf);
  });
  test.after.always(async () => {
    await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
    await stopPrivateMariaDb();
  });
  return stackOf;
}
