/**
 * The typed gRPC clients (services/clients) and the example internal caller
 * (tools/dev/examples/grpc-client.ts) against the registry and annotation domains' own gRPC servers.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { status } from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { createM3Clients, unary } from "../../../services/clients/index.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { registryModule } from "../../../services/registry/registry.module.js";

const run = promisify(execFile);
const EXAMPLE = join(import.meta.dirname, "..", "..", "..", "tools", "dev", "examples", "grpc-client.ts");
const API_KEY = "grpc-example-key";
const env = { M3_API_KEY: API_KEY, M3_SIGNING_SECRET: "grpc-example-secret" };
let dataDir: string;
let domains: { registry: RunningDomain; annotation: RunningDomain };

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "m3-grpc-clients-"));
  const start = (module: typeof registryModule) =>
    startDomain(module, {
      env,
      logger: pino({ level: "silent" }),
      dataDir,
      version: "0.0.0-test",
      host: "127.0.0.1",
      port: 0,
    });
  domains = { registry: await start(registryModule), annotation: await start(annotationModule) };
});
test.after.always(async () => {
  await domains?.registry.stop();
  await domains?.annotation.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.serial("the typed clients trade the API key for each domain's token and write through it", async (t) => {
  const m3 = createM3Clients({ apiKey: API_KEY, addresses: { registry: domains.registry.address } });
  t.teardown(() => m3.close());
  const media = m3.registry?.media;
  if (!media) throw new Error("no registry client");
  const created = await unary(
    media.createMedia,
    media,
  )({
    media: {
      videoSequenceName: "gRPC Dive 1",
      cameraId: "ROV-1",
      videoName: "gRPC Dive 1 video",
      uri: "http://example.org/grpc-dive-1.mp4",
      startTimestamp: { seconds: 1_714_557_600, nanos: 0 },
      durationMillis: 600_000,
    },
  });
  t.truthy(created.videoReferenceUuid);
});

test.serial("a client without the API key is refused writes with UNAUTHENTICATED", async (t) => {
  const m3 = createM3Clients({ addresses: { registry: domains.registry.address } });
  t.teardown(() => m3.close());
  const media = m3.registry?.media;
  if (!media) throw new Error("no registry client");
  const error = await t.throwsAsync(
    unary(media.createMedia, media)({ media: { videoSequenceName: "x", startTimestamp: undefined } }),
  );
  t.is((error as { code?: number }).code, status.UNAUTHENTICATED);
});

test.serial(
  "the example internal caller lists a sequence's media and annotates the first over gRPC",
  async (t) => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", EXAMPLE, "--video-sequence", "gRPC Dive 1"],
      {
        env: {
          ...process.env,
          M3_API_KEY: API_KEY,
          M3_REGISTRY_GRPC_ADDRESS: domains.registry.address,
          M3_ANNOTATION_GRPC_ADDRESS: domains.annotation.address,
        },
      },
    );
    const [listed, annotated] = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    t.like(listed.media[0], { videoName: "gRPC Dive 1 video", uri: "http://example.org/grpc-dive-1.mp4" });
    t.like(annotated.annotation, { concept: "Nanomia" });
    t.regex(annotated.annotation.observationUuid, /^[0-9a-f-]{36}$/);
  },
);

test.serial("a call to a domain that does not answer fails within its deadline", async (t) => {
  const m3 = createM3Clients({ addresses: { registry: "127.0.0.1:9" }, defaultDeadlineMillis: 1_500 });
  t.teardown(() => m3.close());
  const media = m3.registry?.media;
  if (!media) throw new Error("no registry client");
  const started = performance.now();
  const error = await t.throwsAsync(
    unary(media.listMediaByVideoSequenceName, media)({ videoSequenceName: "x" }),
  );
  t.true(
    [status.UNAVAILABLE, status.DEADLINE_EXCEEDED].includes((error as unknown as { code: number }).code),
  );
  t.true(performance.now() - started < 5_000);
});
