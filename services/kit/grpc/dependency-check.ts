import type { ServingStatus } from "./health-service.js";

/** Resolves when the dependency answers, rejects when it does not. */
export type DependencyProbe = () => Promise<void>;

/** A dependency's grpc.health.v1 service name, e.g. `m3.dependency.database`. */
export function dependencyServiceName(dependency: string): string {
  return `m3.dependency.${dependency}`;
}

const PROBE_TIMEOUT_MILLIS = 2_000;
const RESULT_TTL_MILLIS = 1_000;

/**
 * A dependency's serving status for health checks: probed at most once a second however often
 * it is asked (readiness probes of every replica, dashboards), and NOT_SERVING when the probe
 * fails or takes over two seconds, so a check never hangs on a dead database.
 */
export class DependencyCheck {
  private last: { at: number; status: Promise<ServingStatus> } | undefined;

  constructor(private readonly probe: DependencyProbe) {}

  status(): Promise<ServingStatus> {
    const now = performance.now();
    if (this.last === undefined || now - this.last.at > RESULT_TTL_MILLIS) {
      this.last = { at: now, status: this.probeOnce() };
    }
    return this.last.status;
  }

  private async probeOnce(): Promise<ServingStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ServingStatus>((resolve) => {
      timer = setTimeout(() => resolve("NOT_SERVING"), PROBE_TIMEOUT_MILLIS);
    });
    const probed = this.probe().then(
      (): ServingStatus => "SERVING",
      (): ServingStatus => "NOT_SERVING",
    );
    try {
      return await Promise.race([probed, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
