/**
 * The whole annotation service (every part, as annotationModule wires it) behind the real
 * gateway with its full route table, on a fresh MariaDB database or SQLite directory: the
 * e2e stack until the lead adds the domain to the all-in-one platform.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestFn } from "ava";
import { pino } from "pino";
import { startGateway } from "../../../gateway/src/index.js";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { startDomain } from "../../../services/kit/domain/start-domain.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { HttpClient } from "../e2e/http-client.js";
import { createTestDatabase, stopPrivateMariaDb } from "../mariadb.js";

export const ANNOTATION_BACKENDS = ["mariadb", "sqlite"] as const;
export type AnnotationBackend = (typeof ANNOTATION_BACKENDS)[number];

export interface AnnotationHttpStack {
  http: HttpClient;
  apiKey: string;
  signingSecret: string;
  stop(): Promise<void>;
}

export async function startAnnotationHttpStack(backend: AnnotationBackend): Promise<AnnotationHttpStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-anno-e2e-"));
  const apiKey = randomBytes(16).toString("hex");
  const signingSecret = randomBytes(32).toString("hex");
  const env: Record<string, string> = { M3_API_KEY: apiKey, M3_SIGNING_SECRET: signingSecret };
  if (backend === "mariadb") env.M3_ANNOTATION_DATABASE_URL = await createTestDatabase("m3_anno_e2e");
  const logger = pino({ level: "silent" });
  const domain = await startDomain(annotationModule, {
    env,
    logger,
    dataDir,
    version: "0.0.0-test",
    host: "127.0.0.1",
    port: 0,
  });
  const gateway = await startGateway({
    targets: [{ routes: annotationRoutes, address: domain.address }],
    protoRoot: PROTO_ROOT,
    logger,
    port: 0,
    host: "127.0.0.1",
  });
  return {
    http: new HttpClient(`http://127.0.0.1:${gateway.port}`, apiKey, "/anno/v1/auth"),
    apiKey,
    signingSecret,
    stop: async () => {
      await gateway.close();
      await domain.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One stack per backend for a test file, started before its tests and stopped after. */
export function useAnnotationStacks(test: TestFn): (backend: AnnotationBackend) => AnnotationHttpStack {
  const stacks = new Map<AnnotationBackend, AnnotationHttpStack>();
  test.before(async () => {
    for (const backend of ANNOTATION_BACKENDS) stacks.set(backend, await startAnnotationHttpStack(backend));
  });
  test.after.always(async () => {
    await Promise.allSettled([...stacks.values()].map((stack) => stack.stop()));
    await stopPrivateMariaDb();
  });
  return (backend) => {
    const stack = stacks.get(backend);
    if (!stack) throw new Error(`the ${backend} stack did not start`);
    return stack;
  };
}
