/**
 * Images for the crop tests whose pixels say where they are: red = x, green = y (both below
 * 256), blue = 7, so a crop's first pixel names its left and top. Made with sharp from raw pixels.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export async function coordinateImage(
  width: number,
  height: number,
  format: "png" | "jpeg",
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = x;
      pixels[at + 1] = y;
      pixels[at + 2] = 7;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 100 }).toBuffer();
}

/** A PNG's size and its first pixel's red, green and blue. */
export async function pngFacts(
  data: Buffer,
): Promise<{ format: string | undefined; width: number; height: number; first: number[] }> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(data).metadata();
  return { format: meta.format, width: info.width, height: info.height, first: [...raw.subarray(0, 3)] };
}

export interface ImageHttpServer {
  base: string;
  /** Requests served, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A loopback server answering each path of `files` with its bytes, each path of `redirects` with
 * a 302 to its URL, `/fail` with 500 and a Retry-After of 7, `/slow` never, and anything else
 * with 404.
 */
export async function serveImages(
  files: Record<string, Buffer>,
  redirects: Record<string, string> = {},
): Promise<ImageHttpServer> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? "";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files[path];
    const redirect = redirects[path];
    if (redirect) response.writeHead(302, { location: redirect }).end();
    else if (file) response.writeHead(200, { "content-type": "image/png" }).end(file);
    else if (path === "/fail") response.writeHead(500, { "retry-after": "7" }).end("broken");
    else if (path !== "/slow") response.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
