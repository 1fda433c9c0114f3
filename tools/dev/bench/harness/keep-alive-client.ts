import { Agent, request } from "node:http";

/**
 * A lean HTTP/1.1 client on pooled keep-alive sockets: the load generator shares the
 * machine with m3 and MariaDB, so it must cost as little CPU as it can.
 */
export class KeepAliveClient {
  private readonly agent: Agent;

  constructor(
    private readonly host: string,
    private readonly port: number,
    maxSockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
