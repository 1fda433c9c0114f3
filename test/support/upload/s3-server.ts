/**
 * A private S3 server for tests: s3rver (a local S3 implementation, files in a temporary
 * folder) on a loopback port chosen by the system. Stop it after the tests: that closes its
 * connections and removes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}

// s3rver ships CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverInstance;

/** s3rver accepts any access key it was configured with; these are its defaults. */
export const S3_TEST_CREDENTIALS = { accessKey: "S3RVER", secretKey: "S3RVER" } as const;

export interface TestS3Server {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  /** Where s3rver keeps the buckets (for checks that look behind the API). */
  directory: string;
  stop(): Promise<void>;
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "m3-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    directory,
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The upload service's environment for this server. */
export function s3UploadEnv(server: TestS3Server, bucket: string): Record<string, string> {
  return {
    M3_UPLOAD_S3_ENDPOINT: server.endpoint,
    M3_UPLOAD_S3_ACCESS_KEY: S3_TEST_CREDENTIALS.accessKey,
    M3_UPLOAD_S3_SECRET_KEY: S3_TEST_CREDENTIALS.secretKey,
    M3_UPLOAD_S3_BUCKET: bucket,
  };
}
