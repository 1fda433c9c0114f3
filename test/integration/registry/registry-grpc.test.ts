import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import { AuthServiceClient, type CreateTokenResponse } from "../../../proto/gen/m3/common/v1/auth.js";
import {
  type GetHealthStatusResponse,
  HealthStatusServiceClient,
} from "../../../proto/gen/m3/common/v1/health.js";
import { MediaServiceClient } from "../../../proto/gen/m3/registry/v1/media_service.js";
import type { Media } from "../../../proto/gen/m3/registry/v1/resources.js";
import {
  type ListVideoSequenceNamesResponse,
  VideoSequenceServiceClient,
} from "../../../proto/gen/m3/registry/v1/video_sequence_service.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { registryModule } from "../../../services/registry/registry.module.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { BACKENDS, type Backend, freshDatabaseUrl } from "./registry-harness.js";

const API_KEY = "registry-test-key";
const dataDir = mkdtempSync(join(tmpdir(), "m3-registry-grpc-"));
const running: RunningDomain[] = [];
const clients: grpc.Client[] = [];

test.after.always(async () => {
  for (const client of clients) client.close();
  await Promise.all(running.map((domain) => domain.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

async function startRegistry(backend: Backend): Promise<string> {
  const databaseUrl = await freshDatabaseUrl(backend, dataDir);
  const domain = await startDomain(registryModule, {
    env: { M3_API_KEY: API_KEY, M3_SIGNING_SECRET: "secret", M3_REGISTRY_DATABASE_URL: databaseUrl },
    logger: pino({ level: "silent" }),
    dataDir,
    version: "0.0.0-test",
    host: "127.0.0.1",
    port: 0,
  });
  running.push(domain);
  return domain.address;
}

type Callback<R> = (error: grpc.ServiceError | null, response: R) => void;

/** One unary call: `invoke` passes the metadata and callback to the client method. */
function call<R>(
  invoke: (metadata: grpc.Metadata, callback: Callback<R>) => unknown,
  authorization?: string,
): Promise<R> {
  const metadata = new grpc.Metadata();
  if (authorization) metadata.set("authorization", authorization);
  return new Promise((resolve, reject) => {
    invoke(metadata, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

function failure(promise: Promise<unknown>): Promise<grpc.ServiceError> {
  return promise.then(
    () => {
      throw new Error("the call succeeded");
    },
    (error: grpc.ServiceError) => error,
  );
}

function client<C extends grpc.Client>(
  Client: new (address: string, credentials: grpc.ChannelCredentials) => C,
  address: string,
): C {
  const created = new Client(address, grpc.credentials.createInsecure());
  clients.push(created);
  return created;
}

const media: Media = {
  videoSequenceName: "grpc-seq",
  cameraId: "cam",
  videoName: "grpc-vid",
  uri: "http://example.org/grpc.mp4",
  startTimestamp: { seconds: 1_577_836_800, nanos: 123_456_000 },
  durationMillis: 1000,
};

for (const backend of BACKENDS) {
  test(`${backend}: over gRPC reads are public, writes need the JWT from the API key`, async (t) => {
    const address = await startRegistry(backend);
    const auth = client(AuthServiceClient, address);
    const mediaClient = client(MediaServiceClient, address);
    const unauthenticated = await failure(call<Media>((m, cb) => mediaClient.createMedia({ media }, m, cb)));
    t.is(unauthenticated.code, grpc.status.UNAUTHENTICATED);

    const token = await call<CreateTokenResponse>(
      (m, cb) => auth.createToken({}, m, cb),
      `APIKEY ${API_KEY}`,
    );
    const created = await call<Media>(
      (m, cb) => mediaClient.createMedia({ media }, m, cb),
      `Bearer ${token.accessToken}`,
    );
    t.like(created, { videoName: "grpc-vid", uri: media.uri, durationMillis: 1000 });
    t.deepEqual(created.startTimestamp, { seconds: 1_577_836_800, nanos: 123_456_000 });
    t.is(created.sha512, undefined);

    const found = await call<Media>((m, cb) => mediaClient.getMediaByUri({ uri: String(media.uri) }, m, cb));
    t.deepEqual(found, created);
    const sequences = client(VideoSequenceServiceClient, address);
    const names = await call<ListVideoSequenceNamesResponse>((m, cb) =>
      sequences.listVideoSequenceNames({}, m, cb),
    );
    t.deepEqual(names, { names: ["grpc-seq"] });
  });

  test(`${backend}: over gRPC domain errors keep their status and message`, async (t) => {
    const address = await startRegistry(backend);
    const mediaClient = client(MediaServiceClient, address);
    const missing = await failure(
      call<Media>((m, cb) =>
        mediaClient.getMediaByVideoReference(
          { videoReferenceUuid: "0190b8a4-0000-7000-8000-000000000000" },
          m,
          cb,
        ),
      ),
    );
    t.is(missing.code, grpc.status.NOT_FOUND);
    t.is(missing.details, "Media not found");
    const invalid = await failure(
      call<Media>((m, cb) => mediaClient.getMediaByVideoReference({ videoReferenceUuid: "nope" }, m, cb)),
    );
    t.is(invalid.code, grpc.status.INVALID_ARGUMENT);
    t.regex(invalid.details, /video_reference_uuid/);
  });

  test(`${backend}: the health status names the legacy application`, async (t) => {
    const address = await startRegistry(backend);
    const health = client(HealthStatusServiceClient, address);
    const status = await call<GetHealthStatusResponse>((m, cb) => health.getHealthStatus({}, m, cb));
    t.like(status, { application: "vampire-squid", description: "Video Asset Manager" });
  });
}
