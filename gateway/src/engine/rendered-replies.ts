const MIB = 1024 * 1024;
/** Requests up to this size are keys: a read's parameters, never a write's body. */
const LARGEST_KEYED_REQUEST_BYTES = 4096;

/**
 * Where a reply's rendering is filed: the route and its request's bytes, for reads (GET) with a
 * small request only; undefined for the rest, whose replies are rendered each time (a write's
 * reply rarely repeats, and its request may be megabytes).
 */
export function renderingKey(method: string, template: string, request: Uint8Array): string | undefined {
  if (method !== "GET" || request.length > LARGEST_KEYED_REQUEST_BYTES) return undefined;
  return `${template}\0${Buffer.from(request.buffer, request.byteOffset, request.length).toString("latin1")}`;
}

interface Rendered {
  reply: Buffer;
  json: Buffer;
}

/**
 * The JSON of recent replies, so a reply whose bytes repeat (the same search asked again while
 * the data stays the same) is not decoded, rendered and encoded again: a search of 50 concepts
 * is 74 KB of JSON, and rendering it cost more than the rest of the request. The domain is
 * still called every time, and a kept rendering is used only when the new reply's bytes equal
 * the ones it was rendered from, so it can never be stale. Entries are filed under the route and
 * its request's bytes; the oldest go first beyond the byte budget, and larger replies are not kept.
 */
export class RenderedReplies {
  private readonly entries = new Map<string, Rendered>();
  private keptBytes = 0;

  /**
   * Replies under `smallestReplyBytes` are not kept: they render in microseconds, and a small
   * copy would sit in one of Node's shared 8 KiB allocation slabs and hold all of it (a soak's
   * many small distinct replies grew the gateway's RSS by a third).
   */
  constructor(
    private readonly budgetBytes = 16 * MIB,
    private readonly largestReplyBytes = 512 * 1024,
    private readonly smallestReplyBytes = 8 * 1024,
  ) {}

  /** The JSON of `reply`: kept from an equal reply under `key`, or rendered now (and kept if its size is kept). */
  json(key: string, reply: Buffer, render: () => string): Buffer | string {
    if (reply.length < this.smallestReplyBytes || reply.length > this.largestReplyBytes) return render();
    const kept = this.entries.get(key);
    if (kept?.reply.equals(reply)) return kept.json;
    const json = Buffer.from(render());
    if (kept) this.forget(key, kept);
    this.keep(key, { reply: Buffer.from(reply), json });
    return json;
  }

  private keep(key: string, rendered: Rendered): void {
    this.entries.set(key, rendered);
    this.keptBytes += sizeOf(key, rendered);
    for (const [oldest, entry] of this.entries) {
      if (this.keptBytes <= this.budgetBytes) return;
      this.forget(oldest, entry);
    }
  }

  private forget(key: string, rendered: Rendered): void {
    this.entries.delete(key);
    this.keptBytes -= sizeOf(key, rendered);
  }
}

function sizeOf(key: string, rendered: Rendered): number {
  return key.length + rendered.reply.length + rendered.json.length;
}
