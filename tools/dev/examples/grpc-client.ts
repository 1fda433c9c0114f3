/**
 * An internal caller of m3's gRPC API, with the typed clients of services/clients: lists the
 * media of a video sequence (registry) and annotates the first of them (annotation), printing
 * both as JSON. Run it against a running m3 (npm start prints no gRPC ports; the chart's
 * Services expose them, or run the domains as their own processes):
 *
 *   M3_API_KEY=... M3_REGISTRY_GRPC_ADDRESS=127.0.0.1:50053 M3_ANNOTATION_GRPC_ADDRESS=127.0.0.1:50052 \
 *     npx tsx tools/dev/examples/grpc-client.ts --video-sequence "Dive 1" [--concept Nanomia] [--observer me]
 */
import { parseArgs } from "node:util";
import { createM3Clients, unary } from "../../../services/clients/index.js";

const { values } = parseArgs({
  options: {
    "video-sequence": { type: "string" },
    concept: { type: "string", default: "Nanomia" },
    observer: { type: "string", default: "grpc-example" },
  },
});
const videoSequenceName = values["video-sequence"];
if (!videoSequenceName) {
  process.stderr.write("usage: grpc-client.ts --video-sequence NAME [--concept NAME] [--observer NAME]\n");
  process.exit(2);
}

const m3 = createM3Clients({
  apiKey: process.env.M3_API_KEY,
  addresses: {
    registry: process.env.M3_REGISTRY_GRPC_ADDRESS ?? "127.0.0.1:50053",
    annotation: process.env.M3_ANNOTATION_GRPC_ADDRESS ?? "127.0.0.1:50052",
  },
  defaultDeadlineMillis: 10_000,
});
try {
  const { registry, annotation } = m3;
  if (!registry || !annotation) throw new Error("both addresses are needed");
  const { media } = await unary(
    registry.media.listMediaByVideoSequenceName,
    registry.media,
  )({ videoSequenceName });
  console.log(
    JSON.stringify({
      media: media.map(({ videoName, uri, videoReferenceUuid }) => ({ videoName, uri, videoReferenceUuid })),
    }),
  );
  const first = media[0];
  if (!first?.videoReferenceUuid) throw new Error(`no media in the video sequence ${videoSequenceName}`);
  const created = await unary(
    annotation.annotations.createAnnotation,
    annotation.annotations,
  )({
    videoReferenceUuid: first.videoReferenceUuid,
    concept: values.concept,
    observer: values.observer,
    elapsedTimeMillis: 1_000,
    observationTimestamp: undefined,
    recordedTimestamp: undefined,
  });
  console.log(
    JSON.stringify({ annotation: { observationUuid: created.observationUuid, concept: created.concept } }),
  );
} catch (error) {
  const { code, details, message } = error as { code?: number; details?: string; message?: string };
  process.stderr.write(`failed: ${code === undefined ? message : `gRPC status ${code}: ${details}`}\n`);
  process.exitCode = 1;
} finally {
  m3.close();
}
