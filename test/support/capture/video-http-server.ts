/** A loopback HTTP server for capture tests: serves one file (with Range support) at /video.mp4, 404 elsewhere. */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface VideoHttpServer {
  /** URL of the served video. */
  videoUrl: string;
  /** A URL on the same server that answers 404. */
  missingUrl: string;
  close(): Promise<void>;
}

export async function serveVideo(path: string): Promise<VideoHttpServer> {
  const size = statSync(path).size;
  const server = createServer((request, response) => {
    if (request.url !== "/video.mp4") {
      response.writeHead(404).end("not found");
      return;
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? "");
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : size - 1;
    response.writeHead(range ? 206 : 200, {
      "content-type": "video/mp4",
      "accept-ranges": "bytes",
      "content-length": end - start + 1,
      ...(range ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(path, { start, end }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    videoUrl: `${base}/video.mp4`,
    missingUrl: `${base}/missing.mp4`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
