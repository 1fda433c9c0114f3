/**
 * The controller loop: informers (list, then watch) on the M3Platforms of one namespace, on the
 * objects they own (by the managed-by label) and on Secrets; every change queues the platform it
 * concerns, and workers reconcile the queued keys one at a time per key, reading the platform,
 * its Deployments, Jobs, CronJob and Secrets from these informers' caches.
 */
import type { Informer, KubeConfig, KubernetesObject, ObjectCache } from "@kubernetes/client-node";
import type { Logger } from "pino";
import { M3_KIND } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { referencedSecretNames } from "../builders/domain-deployment.js";
import { queueDepth, reconcileSeconds, reconcilesTotal } from "./operator-metrics.js";
import { platformInformers } from "./platform-informers.js";
import { makeReconciler, type PlatformReconciler } from "./platform-reconciler.js";
import { WorkQueue } from "./work-queue.js";

export interface ControllerOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  logger: Logger;
  workers?: number;
  /** First retry of a failed reconcile (doubling up to maxRetryMillis); default 200 ms. */
  baseRetryMillis?: number;
  maxRetryMillis?: number;
  /** Wait before listing again after a list or watch failed; default 5 s. */
  informerRetryMillis?: number;
}

export class PlatformController {
  private readonly queue: WorkQueue;
  private readonly informers: Informer<KubernetesObject>[] = [];
  private readonly platforms: Informer<KubernetesObject> & ObjectCache<KubernetesObject>;
  private readonly reconciler: PlatformReconciler;
  private readonly workers: Promise<void>[] = [];
  private stopped = false;

  constructor(private readonly options: ControllerOptions) {
    const { kubeConfig, namespace, logger } = options;
    this.queue = new WorkQueue({
      baseDelayMillis: options.baseRetryMillis ?? 200,
      maxDelayMillis: options.maxRetryMillis ?? 60_000,
    });
    const informers = platformInformers(kubeConfig, namespace);
    this.platforms = informers.platforms;
    this.platforms.on("add", (object) => this.enqueue(object));
    this.platforms.on("update", (object) => this.enqueue(object));
    for (const informer of informers.owned.values()) {
      for (const verb of ["add", "update", "delete"] as const)
        informer.on(verb, (object) => this.enqueueOwner(object));
    }
    for (const verb of ["add", "update", "delete"] as const)
      informers.secrets.on(verb, (secret) => this.enqueueReaders(secret));
    this.informers.push(...informers.all);
    // The reconcile reads what these informers hold; they are listed before a worker starts.
    this.reconciler = makeReconciler(
      kubeConfig,
      (error) => logger.warn({ err: error }, "an Event could not be written"),
      informers.caches,
    );
  }

  async start(): Promise<void> {
    const { logger } = this.options;
    for (const informer of this.informers) {
      informer.on("error", (error: unknown) => {
        if (this.stopped) return;
        logger.warn({ err: error }, "a list or watch failed; listing again");
        setTimeout(() => {
          if (!this.stopped) void informer.start();
        }, this.options.informerRetryMillis ?? 5_000).unref();
      });
      await informer.start();
    }
    for (let index = 0; index < (this.options.workers ?? 2); index++) this.workers.push(this.work());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.shutdown();
    await Promise.all(this.informers.map((informer) => informer.stop()));
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      queueDepth.set(this.queue.length);
      const end = reconcileSeconds.startTimer();
      try {
        const { requeueAfterMillis } = await this.reconciler.reconcile(key);
        this.queue.forget(key);
        if (requeueAfterMillis !== undefined && !this.stopped) this.queue.addAfter(key, requeueAfterMillis);
        reconcilesTotal.inc({ outcome: "success" });
      } catch (error) {
        reconcilesTotal.inc({ outcome: "error" });
        this.options.logger.warn(
          { err: error, platform: key, failures: this.queue.failuresOf(key) + 1 },
          "reconcile failed; retrying",
        );
        if (!this.stopped) this.queue.addRateLimited(key);
      } finally {
        end();
        this.queue.done(key);
      }
    }
  }

  private enqueue(object: KubernetesObject): void {
    const { namespace, name } = object.metadata ?? {};
    if (namespace && name) this.queue.add(`${namespace}/${name}`);
  }

  private enqueueOwner(object: KubernetesObject): void {
    const owner = object.metadata?.ownerReferences?.find((ref) => ref.kind === M3_KIND && ref.controller);
    if (owner && object.metadata?.namespace) this.queue.add(`${object.metadata.namespace}/${owner.name}`);
  }

  /** A Secret changed: every platform whose pods read it is reconciled (its hash rolls them). */
  private enqueueReaders(secret: KubernetesObject): void {
    for (const platform of this.platforms.list() as unknown as M3Platform[]) {
      if (referencedSecretNames(platform).includes(secret.metadata?.name ?? ""))
        this.enqueue(platform as unknown as KubernetesObject);
    }
  }
}
