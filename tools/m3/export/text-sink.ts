import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";

/** A file written piece by piece, waiting whenever the stream asks it to (memory holds a buffer, not the file). */
export class TextSink {
  private readonly stream: WriteStream;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }

  /** Copies a whole file into this one, streamed. */
  async append(path: string): Promise<void> {
    for await (const chunk of createReadStream(path)) await this.write(chunk as string);
  }

  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, "finish");
  }
}
