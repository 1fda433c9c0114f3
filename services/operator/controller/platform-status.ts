/**
 * A platform's status from what its Deployments report: each domain's ready pods, the version
 * every domain runs once a rollout completes, and the conditions Ready, Progressing and
 * Degraded with a reason a program can match and a message a person reads. A condition keeps
 * its lastTransitionTime while its status stays the same.
 */
import type { V1Deployment } from "@kubernetes/client-node";
import type { DomainName } from "../api/domain-names.js";
import type { M3Platform, M3PlatformStatus, PlatformCondition } from "../api/m3platform-schema.js";

export interface ObservedDomain {
  domain: DomainName;
  deployment: V1Deployment | undefined;
}

export function platformStatus(
  platform: M3Platform,
  observed: ObservedDomain[],
  applyError: string | undefined,
  now: Date,
): M3PlatformStatus {
  const domains: Record<string, { replicas: number; readyReplicas: number }> = {};
  const notReady: string[] = [];
  const rollingOut: string[] = [];
  const failing: string[] = [];
  let ready = 0;
  let desired = 0;
  for (const { domain, deployment } of observed) {
    const replicas = deployment?.spec?.replicas ?? 1;
    const readyReplicas = deployment?.status?.readyReplicas ?? 0;
    domains[domain] = { replicas, readyReplicas };
    ready += Math.min(readyReplicas, replicas);
    desired += replicas;
    if (readyReplicas < replicas) notReady.push(`${domain} ${readyReplicas}/${replicas}`);
    if (deployment === undefined || !rolledOut(deployment)) rollingOut.push(domain);
    const failure = failureOf(deployment);
    if (failure) failing.push(`${domain}: ${failure}`);
  }
  const previous = platform.status?.conditions ?? [];
  const generation = platform.metadata.generation ?? 0;
  const condition = (type: string, isTrue: boolean, reason: string, message: string): PlatformCondition => {
    const status = isTrue ? "True" : "False";
    const before = previous.find((item) => item.type === type);
    const lastTransitionTime =
      before && before.status === status
        ? before.lastTransitionTime
        : now.toISOString().replace(/\.\d+Z$/, "Z");
    return { type, status, reason, message, lastTransitionTime, observedGeneration: generation };
  };
  const complete = rollingOut.length === 0 && notReady.length === 0 && applyError === undefined;
  const degraded = applyError !== undefined || failing.length > 0;
  return {
    observedGeneration: generation,
    conditions: [
      notReady.length === 0
        ? condition("Ready", true, "AllDomainsReady", `every domain has its ${desired} pods ready`)
        : condition("Ready", false, "DomainsNotReady", `pods not ready: ${notReady.join(", ")}`),
      rollingOut.length === 0
        ? condition("Progressing", false, "RolloutComplete", `every domain runs ${platform.spec.version}`)
        : condition(
            "Progressing",
            true,
            "RollingOut",
            `rolling out ${platform.spec.version}: ${rollingOut.join(", ")}`,
          ),
      applyError !== undefined
        ? condition("Degraded", true, "ApplyFailed", applyError)
        : degraded
          ? condition("Degraded", true, "DeploymentFailing", failing.join("; "))
          : condition("Degraded", false, "AsExpected", "no failure observed"),
    ],
    domains,
    replicas: `${ready}/${desired}`,
    ...(complete
      ? { version: platform.spec.version }
      : platform.status?.version
        ? { version: platform.status.version }
        : {}),
    ...(platform.status?.lastBackup ? { lastBackup: platform.status.lastBackup } : {}),
  };
}

/** The Deployment controller has seen the latest spec and every pod runs it. */
function rolledOut(deployment: V1Deployment): boolean {
  const { metadata, spec, status } = deployment;
  const replicas = spec?.replicas ?? 1;
  return (
    (status?.observedGeneration ?? 0) >= (metadata?.generation ?? 1) &&
    (status?.updatedReplicas ?? 0) >= replicas &&
    (status?.replicas ?? 0) <= replicas
  );
}

/** A rollout past its deadline, or pods the ReplicaSet could not create. */
function failureOf(deployment: V1Deployment | undefined): string | undefined {
  const conditions = deployment?.status?.conditions ?? [];
  const stuck = conditions.find(
    (item) =>
      (item.type === "Progressing" &&
        item.status === "False" &&
        item.reason === "ProgressDeadlineExceeded") ||
      (item.type === "ReplicaFailure" && item.status === "True"),
  );
  return stuck ? (stuck.message ?? stuck.reason ?? stuck.type) : undefined;
}
