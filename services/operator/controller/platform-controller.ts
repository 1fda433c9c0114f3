/**
 * The controller loop: informers (list, then watch) on the M3Platforms of one namespace, on the
 * objects they own (by the managed-by label) and on Secrets; every change queues the platform it
 * concerns, and workers reconcile the queued keys one at a time per key.
 */
import {
  CoreV1Api,
  CustomObjectsApi,
  type Informer,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
  KubernetesObjectApi,
  makeInformer,
  type ObjectCache,
} from "@kubernetes/client-node";
import type { Logger } from "pino";
import { M3_GROUP, M3_KIND, M3_PLURAL, M3_VERSION } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { referencedSecretNames } from "../builders/domain-deployment.js";
import { MANAGED_BY_SELECTOR } from "../builders/platform-labels.js";
import { OWNED_KINDS } from "../builders/platform-objects.js";
import { queueDepth, reconcileSeconds, reconcilesTotal } from "./operator-metrics.js";
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
    const core = kubeConfig.makeApiClient(CoreV1Api);
    const custom = kubeConfig.makeApiClient(CustomObjectsApi);
    const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.reconciler = makeReconciler(kubeConfig, (error) =>
      logger.warn({ err: error }, "an Event could not be written"),
    );
    const ns = encodeURIComponent(namespace);
    this.platforms = makeInformer(
      kubeConfig,
      `/apis/${M3_GROUP}/${M3_VERSION}/namespaces/${ns}/${M3_PLURAL}`,
      async () =>
        (await custom.listNamespacedCustomObject({
          group: M3_GROUP,
          version: M3_VERSION,
          namespace,
          plural: M3_PLURAL,
        })) as KubernetesListObject<KubernetesObject>,
    );
    this.platforms.on("add", (object) => this.enqueue(object));
    this.platforms.on("update", (object) => this.enqueue(object));
    this.informers.push(this.platforms);
    for (const { apiVersion, kind, plural } of OWNED_KINDS.filter((owned) => !owned.optional)) {
      const base = apiVersion === "v1" ? "/api/v1" : `/apis/${apiVersion}`;
      const informer = makeInformer(
        kubeConfig,
        `${base}/namespaces/${ns}/${plural}`,
        () =>
          objects.list(
            apiVersion,
            kind,
            namespace,
            undefined,
            undefined,
            undefined,
            undefined,
            MANAGED_BY_SELECTOR,
          ),
        MANAGED_BY_SELECTOR,
      );
      for (const verb of ["add", "update", "delete"] as const)
        informer.on(verb, (object) => this.enqueueOwner(object));
      this.informers.push(informer);
    }
    const secrets = makeInformer(kubeConfig, `/api/v1/namespaces/${ns}/secrets`, () =>
      core.listNamespacedSecret({ namespace }),
    );
    for (const verb of ["add", "update", "delete"] as const)
      secrets.on(verb, (secret) => this.enqueueReaders(secret));
    this.informers.push(secrets as unknown as Informer<KubernetesObject>);
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
        await this.reconciler.reconcile(key);
        this.queue.forget(key);
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
