/**
 * Leader election through a coordination.k8s.io Lease, as client-go's leaderelection does it:
 * an instance acts only while it holds the Lease. The holder renews it every retry period; an
 * instance takes it over only after seeing the same record unrenewed for a whole lease duration
 * (measured on its own clock, so the instances' clocks need not agree); every write carries the
 * resourceVersion it read, so of two instances racing for the Lease one gets 409 and stays a
 * follower. A leader that cannot renew within the renew deadline stops acting.
 */
import { ApiException, type CoordinationV1Api, type V1Lease, V1MicroTime } from "@kubernetes/client-node";
import type { Logger } from "pino";

export interface LeaseElectorOptions {
  coordination: CoordinationV1Api;
  namespace: string;
  leaseName: string;
  identity: string;
  leaseDurationSeconds: number;
  renewDeadlineMillis: number;
  retryPeriodMillis: number;
  logger: Logger;
  onStartedLeading: () => Promise<void> | void;
  onStoppedLeading: () => Promise<void> | void;
}

export class LeaseElector {
  private leading = false;
  private stopped = false;
  private observedRecord = "";
  private observedAt = 0;
  private lastRenewal = 0;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: LeaseElectorOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.loop = this.run();
  }

  /** Stops campaigning; a leader hands the Lease over at once when release is true. */
  async stop(release: boolean): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
    await this.loop;
    if (this.leading) {
      if (release) await this.release();
      await this.loseLeadership();
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let held = false;
      try {
        held = await this.tryAcquireOrRenew();
      } catch (error) {
        this.options.logger.warn({ err: error }, "reading or writing the leader Lease failed");
      }
      if (this.stopped) return;
      if (held) {
        this.lastRenewal = Date.now();
        if (!this.leading) {
          this.leading = true;
          this.options.logger.info({ lease: this.options.leaseName }, "became the leader");
          await this.options.onStartedLeading();
        }
      } else if (this.leading && Date.now() - this.lastRenewal > this.options.renewDeadlineMillis) {
        this.options.logger.warn(
          { lease: this.options.leaseName },
          "could not renew the Lease in time; no longer the leader",
        );
        await this.loseLeadership();
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.options.retryPeriodMillis);
      });
    }
  }

  private async loseLeadership(): Promise<void> {
    this.leading = false;
    await this.options.onStoppedLeading();
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const { coordination, namespace, leaseName, identity, leaseDurationSeconds } = this.options;
    const now = new V1MicroTime();
    const lease = await this.read();
    if (lease === undefined) {
      try {
        await coordination.createNamespacedLease({
          namespace,
          body: {
            metadata: { name: leaseName, namespace },
            spec: {
              holderIdentity: identity,
              leaseDurationSeconds,
              acquireTime: now,
              renewTime: now,
              leaseTransitions: 0,
            },
          },
        });
        return true;
      } catch (error) {
        if (error instanceof ApiException && error.code === 409) return false;
        throw error;
      }
    }
    const spec = lease.spec ?? {};
    // The client hands MicroTime fields back as the API server's text, not as Dates.
    const record = `${spec.holderIdentity ?? ""}@${String(spec.renewTime ?? "")}`;
    if (record !== this.observedRecord) {
      this.observedRecord = record;
      this.observedAt = Date.now();
    }
    const holder = spec.holderIdentity ?? "";
    const duration = (spec.leaseDurationSeconds ?? leaseDurationSeconds) * 1000;
    if (holder !== "" && holder !== identity && this.observedAt + duration > Date.now()) return false;
    const takingOver = holder !== identity;
    try {
      await coordination.replaceNamespacedLease({
        name: leaseName,
        namespace,
        body: {
          ...lease,
          spec: {
            holderIdentity: identity,
            leaseDurationSeconds,
            acquireTime: takingOver ? now : (spec.acquireTime ?? now),
            renewTime: now,
            leaseTransitions: (spec.leaseTransitions ?? 0) + (takingOver && holder !== "" ? 1 : 0),
          },
        },
      });
      return true;
    } catch (error) {
      if (error instanceof ApiException && error.code === 409) return false;
      throw error;
    }
  }

  /** Empties the holder, so the next instance need not wait out the lease duration. */
  private async release(): Promise<void> {
    try {
      const lease = await this.read();
      if (lease?.spec?.holderIdentity !== this.options.identity) return;
      await this.options.coordination.replaceNamespacedLease({
        name: this.options.leaseName,
        namespace: this.options.namespace,
        body: { ...lease, spec: { ...lease.spec, holderIdentity: "", renewTime: new V1MicroTime() } },
      });
    } catch (error) {
      this.options.logger.warn({ err: error }, "could not release the leader Lease; it expires on its own");
    }
  }

  private async read(): Promise<V1Lease | undefined> {
    try {
      return await this.options.coordination.readNamespacedLease({
        name: this.options.leaseName,
        namespace: this.options.namespace,
      });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
  }
}
