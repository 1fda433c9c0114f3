import { PassThrough } from "node:stream";
import type { Context } from "koa";
import type { Router } from "../server/router.js";
import type { ChangeFeed, FedChange } from "./change-feed.js";
import { sseClientConnected, sseClientGone } from "./sse-metrics.js";

/** A comment line this often keeps proxies and clients from closing an idle stream. */
const HEARTBEAT_MILLIS = 15_000;
/** Events written to the socket at once when several are waiting. */
const EVENTS_PER_WRITE = 256;
/** What EventSource waits before reconnecting after the stream ends. */
const RETRY_MILLIS = 2000;

/**
 * `GET <annotation base>/v1/events`: the annotation changes as server-sent events, one `data:`
 * line of `{"action","dataType","uuid"}` per change, with an `id:` a reconnecting client sends
 * back as Last-Event-ID. A client that stops reading is disconnected once its queue is full.
 */
export function registerEventsRoute(router: Router, path: string, feed: ChangeFeed): void {
  router.get(path, (ctx) => serveEvents(ctx, feed));
}

function serveEvents(ctx: Context, feed: ChangeFeed): void {
  const lastEventId = ctx.get("Last-Event-ID") || (ctx.query.lastEventId as string | undefined);
  const { missed, subscription } = feed.subscribe(lastEventId || undefined);
  const body = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.status = 200;
  ctx.type = "text/event-stream";
  ctx.set("Cache-Control", "no-cache");
  ctx.set("X-Accel-Buffering", "no");
  ctx.body = body;
  body.write(`retry: ${RETRY_MILLIS}\n: m3 annotation changes\n\n`);
  const heartbeat = setInterval(() => body.write(": heartbeat\n\n"), HEARTBEAT_MILLIS);
  sseClientConnected();
  let tooSlow = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    subscription.close();
    sseClientGone(tooSlow);
  };
  ctx.res.on("close", stop);
  void (async () => {
    try {
      if (missed.length > 0) await send(body, missed);
      for await (const changes of subscription.batches(EVENTS_PER_WRITE)) await send(body, changes);
      body.end();
    } catch {
      // Cut off as too slow (SubscriberTooSlowError): what the client has not read is dropped
      // with its connection.
      tooSlow = true;
      ctx.res.destroy();
    } finally {
      stop();
    }
  })();
}

/** Writes the events in one write; waits while the client's buffers are full (its queue fills meanwhile). */
async function send(body: PassThrough, changes: readonly FedChange[]): Promise<void> {
  if (body.destroyed) return;
  const text = changes.map((change) => `id: ${change.id}\ndata: ${change.json}\n\n`).join("");
  if (!body.write(text)) {
    await new Promise<void>((resolve) => {
      body.once("drain", resolve);
      body.once("close", resolve);
    });
  }
}
