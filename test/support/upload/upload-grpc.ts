/** The upload domain on a loopback gRPC port, with clients for its image and token services. */
import * as grpc from "@grpc/grpc-js";
import { pino } from "pino";
import { AuthServiceClient, type CreateTokenResponse } from "../../../proto/gen/m3/common/v1/auth.js";
import {
  type ImageParams,
  ImageServiceClient,
  type UploadImageHeader,
  type UploadImageRequest,
} from "../../../proto/gen/m3/upload/v1/image_service.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { uploadModule } from "../../../services/upload/upload.module.js";

const API_KEY = "upload-test-key";

export interface UploadGrpc {
  images: ImageServiceClient;
  /** A valid `Bearer <jwt>` authorization value. */
  bearer: string;
  stop(): Promise<void>;
}

export async function startUploadGrpc(env: Record<string, string>, dataDir: string): Promise<UploadGrpc> {
  const domain: RunningDomain = await startDomain(uploadModule, {
    env: { M3_API_KEY: API_KEY, M3_SIGNING_SECRET: "upload-test-secret", ...env },
    logger: pino({ level: "silent" }),
    dataDir,
    version: "0.0.0-test",
    host: "127.0.0.1",
    port: 0,
  });
  const credentials = grpc.credentials.createInsecure();
  const images = new ImageServiceClient(domain.address, credentials);
  const auth = new AuthServiceClient(domain.address, credentials);
  const metadata = new grpc.Metadata();
  metadata.set("authorization", `APIKEY ${API_KEY}`);
  const token = await new Promise<CreateTokenResponse>((resolve, reject) =>
    auth.createToken({}, metadata, (error, reply) => (error ? reject(error) : resolve(reply))),
  );
  auth.close();
  return {
    images,
    bearer: `Bearer ${token.accessToken}`,
    stop: async () => {
      images.close();
      await domain.stop();
    },
  };
}

function metadataWith(authorization: string | undefined): grpc.Metadata {
  const metadata = new grpc.Metadata();
  if (authorization) metadata.set("authorization", authorization);
  return metadata;
}

export function resolveImage(
  images: ImageServiceClient,
  names: { cameraId: string; deploymentId: string; name: string },
): Promise<ImageParams> {
  return new Promise((resolve, reject) =>
    images.resolveImage(names, (error, reply) => (error ? reject(error) : resolve(reply))),
  );
}

/**
 * Streams an upload: the header (unless undefined), then the chunks. With cancelAfterChunks,
 * the client cancels the call after sending that many chunks.
 */
export function uploadImage(
  images: ImageServiceClient,
  header: UploadImageHeader | undefined,
  chunks: readonly Buffer[],
  options: { authorization?: string; cancelAfterChunks?: number } = {},
): Promise<ImageParams> {
  return new Promise((resolve, reject) => {
    const call = images.uploadImage(metadataWith(options.authorization), (error, reply) =>
      error ? reject(error) : resolve(reply),
    );
    const messages: UploadImageRequest[] = header ? [{ header }] : [];
    for (const chunk of chunks) messages.push({ chunk });
    void (async () => {
      let sent = 0;
      for (const message of messages) {
        if (message.chunk && options.cancelAfterChunks === sent++) {
          await new Promise((settle) => setTimeout(settle, 100));
          call.cancel();
          return;
        }
        if (!call.write(message)) await new Promise((drained) => call.once("drain", drained));
      }
      call.end();
    })();
  });
}
