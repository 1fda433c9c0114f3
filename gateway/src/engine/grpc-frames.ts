/**
 * The messages of a gRPC stream from the chunks its HTTP/2 stream delivers: each message is behind
 * a 5-byte prefix (a compression flag, then its length big-endian), and a chunk may end inside a
 * prefix or a message, or hold several. A message split across chunks is joined once, when its
 * last byte arrives.
 */
const PREFIX_BYTES = 5;

export class GrpcFrameReader {
  private readonly held: Buffer[] = [];
  private heldBytes = 0;

  /**
   * The messages this chunk completes. Throws on a compressed message: the gateway asks for
   * none, so a server that sends one is not speaking to it.
   */
  push(chunk: Buffer): Buffer[] {
    const messages: Buffer[] = [];
    let data = chunk;
    if (this.heldBytes > 0) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      if (this.heldBytes < PREFIX_BYTES || this.heldBytes < PREFIX_BYTES + this.heldLength()) return messages;
      data = Buffer.concat(this.held, this.heldBytes);
      this.held.length = 0;
      this.heldBytes = 0;
    }
    let offset = 0;
    while (data.length - offset >= PREFIX_BYTES) {
      if (data[offset] !== 0) throw new Error("Received a compressed message it did not ask for");
      const end = offset + PREFIX_BYTES + data.readUInt32BE(offset + 1);
      if (end > data.length) break;
      messages.push(data.subarray(offset + PREFIX_BYTES, end));
      offset = end;
    }
    if (offset < data.length) {
      const rest = data.subarray(offset);
      this.held.push(rest);
      this.heldBytes = rest.length;
    }
    return messages;
  }

  /** True while part of a message has arrived and the rest has not. */
  get partial(): boolean {
    return this.heldBytes > 0;
  }

  /** The length in the held prefix (whose bytes may be spread over the first chunks). */
  private heldLength(): number {
    const first = this.held[0] as Buffer;
    const prefix = first.length >= PREFIX_BYTES ? first : Buffer.concat(this.held, PREFIX_BYTES);
    return prefix.readUInt32BE(1);
  }
}
