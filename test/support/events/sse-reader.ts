/** A server-sent-events client for tests: reads `data:` events as they arrive. */
export interface SseEvent {
  id: string | undefined;
  data: string;
}

export class SseReader {
  private readonly events: SseEvent[] = [];
  private waiter: (() => void) | undefined;
  private readonly controller = new AbortController();
  /** Resolves once the response headers are in (the subscription exists). */
  readonly opened: Promise<Response>;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.opened = fetch(url, { headers, signal: this.controller.signal });
    void this.opened.then((response) => this.read(response)).catch(() => {});
  }

  /** The next `count` events, waiting at most `timeoutMillis` for them. */
  async take(count: number, timeoutMillis = 5000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMillis;
    while (this.events.length < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
    }
    return this.events.splice(0, count);
  }

  /** Events received and not yet taken. */
  get buffered(): readonly SseEvent[] {
    return this.events;
  }

  close(): void {
    this.controller.abort();
  }

  private async read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      let end = text.indexOf("\n\n");
      while (end >= 0) {
        this.parse(text.slice(0, end));
        text = text.slice(end + 2);
        end = text.indexOf("\n\n");
      }
    }
  }

  private parse(block: string): void {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = line.slice(4);
      if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length === 0) return;
    this.events.push({ id, data: data.join("\n") });
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
