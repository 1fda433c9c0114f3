import { connect, type NatsConnection } from "nats";
import type { Logger } from "pino";

const RETRY_FIRST_MILLIS = 1000;
const RETRY_MAX_MILLIS = 30_000;

/**
 * A NATS connection made in the background: the first connect is retried (a growing pause, up to
 * 30 s) until it succeeds or the link is closed, and once made the client reconnects by itself.
 * Nothing waits for it at start, and close() never waits for a server that is not there.
 */
export class NatsLink {
  private closed = false;
  private wakeSleeper: (() => void) | undefined;
  private readonly made: Promise<NatsConnection | undefined>;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly logger: Logger,
  ) {
    this.made = this.connectUntilClosed();
  }

  /** The connection once made; undefined when the link was closed first. */
  connection(): Promise<NatsConnection | undefined> {
    return this.made;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeSleeper?.();
    const connection = await this.made;
    await connection?.drain().catch(() => connection.close());
  }

  private async connectUntilClosed(): Promise<NatsConnection | undefined> {
    let pause = RETRY_FIRST_MILLIS;
    while (!this.closed) {
      try {
        const connection = await connect({
          servers: this.url.split(",").map((server) => server.trim()),
          name: this.name,
          maxReconnectAttempts: -1,
        });
        if (this.closed) {
          await connection.close();
          return undefined;
        }
        this.logger.info({ url: this.url }, "connected to NATS");
        return connection;
      } catch (error) {
        this.logger.warn(
          { err: error, url: this.url, retryMillis: pause },
          "NATS is unreachable; trying again",
        );
        await new Promise<void>((resolve) => {
          this.wakeSleeper = resolve;
          setTimeout(resolve, pause).unref();
        });
        pause = Math.min(pause * 2, RETRY_MAX_MILLIS);
      }
    }
    return undefined;
  }
}
