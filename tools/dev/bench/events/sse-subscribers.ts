import { connect, type Socket } from "node:net";

/**
 * The benchmark's SSE clients: readers that note when each observation's CREATED notice arrives,
 * and stalled ones that send the request and never read a byte.
 */
export class SseSubscribers {
  /** Arrival time (performance.now()) of each observation UUID's first notice, per reader. */
  readonly arrivals: Map<string, number>[] = [];
  private readonly controllers: AbortController[] = [];
  private readonly stalled: Socket[] = [];

  constructor(private readonly url: string) {}

  async addReaders(count: number): Promise<void> {
    for (let index = 0; index < count; index++) {
      const arrivals = new Map<string, number>();
      const controller = new AbortController();
      const response = await fetch(this.url, { signal: controller.signal });
      this.arrivals.push(arrivals);
      this.controllers.push(controller);
      void readNotices(response, arrivals).catch(() => {});
    }
  }

  addStalled(count: number): void {
    const { hostname, port, pathname } = new URL(this.url);
    for (let index = 0; index < count; index++) {
      const socket = connect(Number(port), hostname);
      socket.pause();
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`);
      this.stalled.push(socket);
    }
  }

  close(): void {
    for (const controller of this.controllers.splice(0)) controller.abort();
    for (const socket of this.stalled.splice(0)) socket.destroy();
    this.arrivals.length = 0;
  }
}

async function readNotices(response: Response, arrivals: Map<string, number>): Promise<void> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    const now = performance.now();
    text += decoder.decode(chunk, { stream: true });
    let end = text.indexOf("\n\n");
    while (end >= 0) {
      const data = text
        .slice(0, end)
        .split("\n")
        .find((line) => line.startsWith("data: "));
      if (data) {
        const notice = JSON.parse(data.slice(6)) as { action: string; dataType: string; uuid: string };
        if (notice.action === "CREATED" && notice.dataType === "OBSERVATION") arrivals.set(notice.uuid, now);
      }
      text = text.slice(end + 2);
      end = text.indexOf("\n\n");
    }
  }
}
