/**
 * One HTTP/2 connection per address a gRPC target resolves to, and calls sent round them, as
 * grpc-js' round_robin does for the gateway's channels (channel-config.ts):
 * - every address is connected; each call takes the next connected one;
 * - a connection that ends (the replica's maximum connection age sends a GOAWAY, or it went
 *   away) leaves the rotation, the name is resolved again (at most every 5 s) and the address,
 *   if still named, is connected again: at once after a GOAWAY, after 1 s growing to 10 s after
 *   failed attempts;
 * - a call waits while connections are being made, and fails with UNAVAILABLE when none could be;
 * - keep-alive pings every 30 s find a dead connection (no answer in 10 s).
 */
import type { ClientHttp2Session } from "node:http2";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { addressKey, type GrpcTarget, type TargetAddress } from "./grpc-target.js";
import { bareStatus, serviceErrorOf } from "./grpc-wire.js";
import { openSession, REPLICA_TIMINGS } from "./http2-session.js";
import { deadlineExceededStatus } from "./http2-unary-call.js";

interface Replica {
  readonly address: TargetAddress;
  session?: ClientHttp2Session;
  /** Connected and not told to go away. */
  ready: boolean;
  /** Failed connection attempts since the last success. */
  failures: number;
  connectedAt: number;
  reconnectTimer?: NodeJS.Timeout;
}

export class Http2Replicas {
  private replicas = new Map<string, Replica>();
  /** The replicas in rotation order (the map's values, kept as an array for the per-call pick). */
  private rotationOrder: Replica[] = [];
  private rotation = 0;
  private resolving: Promise<void> | undefined;
  private lastResolved = -Infinity;
  private resolveTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();
  private readonly keepalive: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly target: GrpcTarget) {
    this.keepalive = setInterval(() => this.ping(), REPLICA_TIMINGS.keepaliveMillis).unref();
  }

  /** The next connected replica's session; waits (until `deadline`) while connections are being made. */
  async pick(deadline: number): Promise<ClientHttp2Session> {
    const resolvable = Date.now() - this.lastResolved >= REPLICA_TIMINGS.minResolveIntervalMillis;
    if (this.replicas.size === 0 && resolvable) await this.resolve();
    for (;;) {
      const session = this.nextReady();
      if (session) return session;
      if (this.closed) throw unavailable("The client is closed");
      const connecting = [...this.replicas.values()].some((replica) => replica.session && !replica.ready);
      if (!connecting) throw unavailable(`No connection established to ${this.target.authority}`);
      await this.change(deadline);
      if (Date.now() >= deadline) throw serviceErrorOf(deadlineExceededStatus());
    }
  }

  /** True while at least one replica is connected. */
  isConnected(): boolean {
    for (const replica of this.replicas.values()) if (replica.ready) return true;
    return false;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.keepalive);
    clearTimeout(this.resolveTimer);
    for (const replica of this.replicas.values()) this.drop(replica);
    this.replicas.clear();
    this.rotationOrder = [];
    this.wake();
  }

  /** The next connected replica's session, if one is connected: the call's usual path, with no wait. */
  nextReady(): ClientHttp2Session | undefined {
    const replicas = this.rotationOrder;
    for (let step = 0; step < replicas.length; step++) {
      const replica = replicas[(this.rotation + step) % replicas.length];
      if (replica?.ready && replica.session) {
        this.rotation = (this.rotation + step + 1) % replicas.length;
        return replica.session;
      }
    }
    return undefined;
  }

  /** Resolves the target now (or as soon as the minimum interval allows) and connects what it names. */
  private resolve(): Promise<void> {
    this.resolving ??= (async () => {
      try {
        const addresses = await this.target.addresses();
        this.lastResolved = Date.now();
        this.update(addresses);
      } catch {
        this.lastResolved = Date.now();
      } finally {
        this.resolving = undefined;
        this.wake();
      }
    })();
    return this.resolving;
  }

  /** Resolves again after a connection ended, no sooner than the minimum interval. */
  private resolveSoon(): void {
    if (!this.target.resolved || this.closed || this.resolveTimer) return;
    const wait = Math.max(0, this.lastResolved + REPLICA_TIMINGS.minResolveIntervalMillis - Date.now());
    this.resolveTimer = setTimeout(() => {
      this.resolveTimer = undefined;
      void this.resolve();
    }, wait).unref();
  }

  private update(addresses: readonly TargetAddress[]): void {
    if (this.closed) return;
    const keys = new Set(addresses.map(addressKey));
    for (const [key, replica] of this.replicas) {
      if (!keys.has(key)) {
        this.drop(replica);
        this.replicas.delete(key);
      }
    }
    const added: Replica[] = [];
    for (const address of addresses) {
      const key = addressKey(address);
      if (this.replicas.has(key)) continue;
      const replica: Replica = { address, ready: false, failures: 0, connectedAt: 0 };
      this.replicas.set(key, replica);
      added.push(replica);
    }
    this.rotationOrder = [...this.replicas.values()];
    for (const replica of added) this.connect(replica);
  }

  private connect(replica: Replica): void {
    if (this.closed || replica.session) return;
    const session = openSession(replica.address);
    replica.session = session;
    session.once("connect", () => {
      replica.ready = true;
      replica.connectedAt = Date.now();
      this.wake();
    });
    session.once("goaway", () => this.leave(replica, session, 0));
    session.once("close", () => {
      // A session that never connected, or lost within a second, is a failed attempt: the next
      // one waits longer. One that served for longer is replaced at once.
      const served =
        replica.ready && Date.now() - replica.connectedAt >= REPLICA_TIMINGS.initialReconnectMillis;
      if (served) replica.failures = 0;
      this.leave(replica, session, served ? 0 : this.backoff(++replica.failures));
    });
  }

  /** The session ends its turn in the rotation; the replica is connected again after `after` ms. */
  private leave(replica: Replica, session: ClientHttp2Session, after: number): void {
    if (replica.session !== session) return;
    replica.session = undefined;
    replica.ready = false;
    if (!session.closed) session.close();
    this.wake();
    this.resolveSoon();
    if (this.closed) return;
    clearTimeout(replica.reconnectTimer);
    // A connection that ended after it served is replaced at once, so calls wait for the new one
    // rather than fail; a failed attempt is followed by the next after a pause.
    if (after === 0) {
      this.connect(replica);
      return;
    }
    replica.reconnectTimer = setTimeout(() => {
      const current = this.replicas.get(addressKey(replica.address));
      if (current === replica) this.connect(replica);
    }, after).unref();
  }

  private drop(replica: Replica): void {
    clearTimeout(replica.reconnectTimer);
    const session = replica.session;
    replica.session = undefined;
    replica.ready = false;
    session?.close();
  }

  private backoff(failures: number): number {
    const { initialReconnectMillis, maxReconnectMillis } = REPLICA_TIMINGS;
    return Math.min(initialReconnectMillis * 1.6 ** (failures - 1), maxReconnectMillis);
  }

  /** Resolves at the next connection change, or at the deadline. */
  private change(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
      this.waiters.add(done);
    });
  }

  private wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiters) waiter();
  }

  private ping(): void {
    for (const replica of this.replicas.values()) {
      const session = replica.session;
      if (!replica.ready || !session) continue;
      const timeout = setTimeout(() => session.destroy(), REPLICA_TIMINGS.keepaliveTimeoutMillis).unref();
      const sent = session.ping((error) => {
        clearTimeout(timeout);
        if (error) session.destroy();
      });
      if (!sent) clearTimeout(timeout);
    }
  }
}

function unavailable(details: string) {
  return serviceErrorOf(bareStatus(GrpcStatus.UNAVAILABLE, details));
}
