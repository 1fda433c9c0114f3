/**
 * The cluster's controllers the operator's tests play, through the Kubernetes API only: each
 * writes the status subresource as the real controller would (merge patches of `/status`), so
 * the same calls serve the API-server stand-in and a k3s whose own controllers for these kinds are
 * turned off (tools/dev/fixtures/servers/k3s-command.ts).
 */
import {
  AppsV1Api,
  BatchV1Api,
  type KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from "@kubernetes/client-node";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

export class ClusterControllers {
  private readonly apps: AppsV1Api;
  private readonly batch: BatchV1Api;

  constructor(
    config: KubeConfig,
    private readonly namespace: string,
  ) {
    this.apps = config.makeApiClient(AppsV1Api);
    this.batch = config.makeApiClient(BatchV1Api);
  }

  /**
   * The Deployment controller and the kubelets once every pod of every Deployment is ready: the
   * replicas of its spec updated, ready and available at the generation it saw, Available and
   * Progressing (a scale to 0 is ready once its pods are gone).
   */
  async markDeploymentsReady(): Promise<void> {
    const { namespace } = this;
    const { items } = await this.apps.listNamespacedDeployment({ namespace });
    const now = rfc3339(Date.now());
    for (const deployment of items) {
      const replicas = deployment.spec?.replicas ?? 1;
      const name = deployment.metadata?.name ?? "";
      const status = {
        observedGeneration: deployment.metadata?.generation,
        replicas,
        updatedReplicas: replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        conditions: [
          condition("Available", "MinimumReplicasAvailable", "Deployment has minimum availability.", now),
          condition(
            "Progressing",
            "NewReplicaSetAvailable",
            `ReplicaSet "${name}" has successfully progressed.`,
            now,
          ),
        ],
      };
      await this.apps.patchNamespacedDeploymentStatus({ name, namespace, body: { status } }, MERGE);
    }
  }

  /** The Deployment controller giving up on a rollout: Progressing False, past its deadline. */
  async stallDeployment(name: string, message: string): Promise<void> {
    const status = {
      conditions: [
        condition("Progressing", "ProgressDeadlineExceeded", message, rfc3339(Date.now()), "False"),
      ],
    };
    await this.apps.patchNamespacedDeploymentStatus(
      { name, namespace: this.namespace, body: { status } },
      MERGE,
    );
  }

  /**
   * The Job controller's verdict, as Kubernetes 1.31 writes it (its API server refuses a terminal
   * condition without the one before it): SuccessCriteriaMet then Complete with the completion
   * time, or FailureTarget then Failed with the message; never active pods.
   */
  async finishJob(name: string, failure?: string): Promise<void> {
    const startTime = rfc3339(Date.now() - 1000);
    const now = rfc3339(Date.now());
    const terminal = failure
      ? [
          jobCondition("FailureTarget", "BackoffLimitExceeded", failure, now),
          jobCondition("Failed", "BackoffLimitExceeded", failure, now),
        ]
      : [
          jobCondition(
            "SuccessCriteriaMet",
            "CompletionsReached",
            "Reached expected number of succeeded pods",
            now,
          ),
          jobCondition("Complete", "CompletionsReached", "Reached expected number of succeeded pods", now),
        ];
    const counts = failure ? { failed: 1 } : { succeeded: 1, completionTime: now };
    const status = { startTime, active: 0, ready: 0, terminating: 0, ...counts, conditions: terminal };
    await this.batch.patchNamespacedJobStatus({ name, namespace: this.namespace, body: { status } }, MERGE);
  }

  /** The CronJob controller's report of its last run (and last success) of the backup CronJob. */
  async reportCronJob(name: string, status: { lastScheduleTime?: string; lastSuccessfulTime?: string }) {
    await this.batch.patchNamespacedCronJobStatus(
      { name, namespace: this.namespace, body: { status } },
      MERGE,
    );
  }
}

function condition(type: string, reason: string, message: string, at: string, status = "True") {
  return { type, status, reason, message, lastUpdateTime: at, lastTransitionTime: at };
}

function jobCondition(type: string, reason: string, message: string, at: string) {
  return { type, status: "True", reason, message, lastProbeTime: at, lastTransitionTime: at };
}

/** A time as the API server writes one: RFC 3339 in whole seconds, UTC. */
function rfc3339(millis: number): string {
  return new Date(millis).toISOString().replace(/\.\d+Z$/, "Z");
}
