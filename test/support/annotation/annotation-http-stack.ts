/**
 * The whole annotation service (every part, as annotationModule wires it) behind the real
 * gateway with its full route table, on a fresh MariaDB or PostgreSQL database or SQLite directory: the
 * stack of the annotation e2e tests.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { BACKENDS, type Backend } from "../e2e/test-platform.js";

/** The annotation stacks run on every backend the platform runs on. */
export { BACKENDS };
export type AnnotationBackend = Backend;

export type AnnotationHttpStack = DomainStack;

export async function startAnnotationHttpStack(backend: AnnotationBackend): Promise<AnnotationHttpStack> {
  return startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-anno-e2e-")),
    databaseUrl: await annotationDatabaseUrl(backend),
    authPath: "/anno/v1/auth",
  });
}

/** A fresh database on the backend's server, or none (the stack's SQLite file under its data directory). */
async function annotationDatabaseUrl(backend: AnnotationBackend): Promise<string | undefined> {
  if (backend === "mariadb") return createTestDatabase("m3_anno_e2e");
  if (backend === "postgres") return createPostgresTestDatabase("m3_anno_e2e");
  return undefined;
}

/**
 * One stack per backend for a test file, started (then `seed` run) before its tests and
 * stopped after.
 */
export function useAnnotationStacks(
  test: TestFn,
  seed?: (stack: (backend: AnnotationBackend) => AnnotationHttpStack) => Promise<void>,
): (backend: AnnotationBackend) => AnnotationHttpStack {
  const stacks = new Map<AnnotationBackend, AnnotationHttpStack>();
  const stackOf = (backend: AnnotationBackend) => {
    const stack = stacks.get(backend);
    if (!stack) throw new Error(`the ${backend} stack did not start`);
    return stack;
  };
  test.before(async () => {
    for (const backend of BACKENDS) stacks.set(backend, await startAnnotationHttpStack(backend));
    await seed?.(stackOf);
  });
  test.after.always(async () => {
    await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  return stackOf;
}
