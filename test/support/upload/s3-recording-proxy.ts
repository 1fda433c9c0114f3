/**
 * An HTTP stand-in in front of an S3 server for tests of failures: it passes requests through
 * (headers untouched, so signatures still match), records each one's method and path, refuses
 * the requests a test picks with an S3 error, and answers AbortMultipartUpload itself (a
 * DELETE with an uploadId, which s3rver does not implement) with S3's 204.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** The path with its query, e.g. `/bucket/key?partNumber=2&uploadId=…`. */
  url: string;
}

export interface S3RecordingProxy {
  /** e.g. http://127.0.0.1:41235 */
  endpoint: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

/** S3's answer to a request it refuses (not one the minio client retries). */
const REFUSAL = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>BadDigest</Code><Message>The Content-MD5 you specified did not match what we received.</Message></Error>`;

export async function startS3RecordingProxy(
  s3Endpoint: string,
  refuse: (request: RecordedRequest) => boolean,
): Promise<S3RecordingProxy> {
  const upstream = new URL(s3Endpoint);
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming: IncomingMessage, answer: ServerResponse) => {
    const recorded = { method: incoming.method ?? "", url: incoming.url ?? "" };
    requests.push(recorded);
    const aborting =
      recorded.method === "DELETE" && new URL(recorded.url, s3Endpoint).searchParams.has("uploadId");
    if (aborting || refuse(recorded)) {
      incoming.resume();
      incoming.on("end", () => {
        if (aborting) answer.writeHead(204).end();
        else answer.writeHead(400, { "Content-Type": "application/xml" }).end(REFUSAL);
      });
      return;
    }
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on("error", () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
