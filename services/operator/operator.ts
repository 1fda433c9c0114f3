/**
 * One operator instance: campaigns for the leader Lease and runs the platform controller only
 * while it leads. Losing the Lease stops the controller (the process then exits: main.ts), so
 * two instances never act at once.
 */
import { CoordinationV1Api, type KubeConfig } from "@kubernetes/client-node";
import type { Logger } from "pino";
import { isLeader } from "./controller/operator-metrics.js";
import { PlatformController } from "./controller/platform-controller.js";
import { LeaseElector } from "./leader/lease-elector.js";
import type { OperatorConfig } from "./operator-config.js";

export interface OperatorTiming {
  renewDeadlineMillis: number;
  retryPeriodMillis: number;
  baseRetryMillis?: number;
  informerRetryMillis?: number;
}

export class Operator {
  private controller: PlatformController | undefined;
  private readonly elector: LeaseElector;
  private stopping = false;

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly config: OperatorConfig,
    private readonly logger: Logger,
    private readonly timing: OperatorTiming,
    private readonly onLostLeadership: () => void = () => undefined,
  ) {
    this.elector = new LeaseElector({
      coordination: kubeConfig.makeApiClient(CoordinationV1Api),
      namespace: config.namespace,
      leaseName: config.leaseName,
      identity: config.identity,
      leaseDurationSeconds: config.leaseDurationSeconds,
      renewDeadlineMillis: timing.renewDeadlineMillis,
      retryPeriodMillis: timing.retryPeriodMillis,
      logger,
      onStartedLeading: () => this.lead(),
      onStoppedLeading: () => this.follow(),
    });
  }

  /** The timing client-go uses for a lease duration: renew within 2/3 of it, retry every 2/15. */
  static timingFor(leaseDurationSeconds: number): OperatorTiming {
    return {
      renewDeadlineMillis: (leaseDurationSeconds * 1000 * 2) / 3,
      retryPeriodMillis: (leaseDurationSeconds * 1000 * 2) / 15,
    };
  }

  get isLeader(): boolean {
    return this.elector.isLeader;
  }

  start(): void {
    this.elector.start();
  }

  /** Stops acting and campaigning; release hands the Lease over at once (a clean shutdown). */
  async stop(release = true): Promise<void> {
    this.stopping = true;
    await this.elector.stop(release);
  }

  private async lead(): Promise<void> {
    isLeader.set(1);
    this.controller = new PlatformController({
      kubeConfig: this.kubeConfig,
      namespace: this.config.namespace,
      logger: this.logger,
      workers: this.config.workers,
      baseRetryMillis: this.timing.baseRetryMillis,
      informerRetryMillis: this.timing.informerRetryMillis,
    });
    await this.controller.start();
  }

  private async follow(): Promise<void> {
    isLeader.set(0);
    const controller = this.controller;
    this.controller = undefined;
    await controller?.stop();
    if (!this.stopping) this.onLostLeadership();
  }
}
