import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";

/** A loopback image server answering every path with the same 1920x1080 PNG. */
export async function startImageServer(): Promise<{ base: string; server: Server }> {
  const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: "#024" } })
    .png()
    .toBuffer();
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/images`, server };
}

/** The floor of the images: every image URL of the site fetched with bare fetch, `concurrency` at once, and written. */
export async function floorImages(file: string, folder: string, concurrency: number): Promise<number> {
  const db = new Database(file, { readonly: true });
  const urls = db.prepare("SELECT uuid, url FROM image_references").raw().all() as [string, string][];
  db.close();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const [uuid, url] = urls[next++] as [string, string];
        const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
        await writeFile(join(folder, `${uuid}.png`), bytes);
      }
    }),
  );
  return urls.length;
}
