/**
 * Events on an M3Platform (core/v1 Event, `kubectl describe m3platform` lists them): what the
 * operator created, corrected or removed, and what failed.
 */
import { randomBytes } from "node:crypto";
import type { CoreV1Api } from "@kubernetes/client-node";
import { M3_API_VERSION, M3_KIND } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";

export const EVENT_SOURCE = "m3-operator";

export class EventRecorder {
  constructor(
    private readonly core: CoreV1Api,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  async record(
    platform: M3Platform,
    type: "Normal" | "Warning",
    reason: string,
    message: string,
  ): Promise<void> {
    const now = new Date();
    const { name, namespace, uid, resourceVersion } = platform.metadata;
    try {
      await this.core.createNamespacedEvent({
        namespace,
        body: {
          metadata: { name: `${name}.${randomBytes(8).toString("hex")}`, namespace },
          involvedObject: {
            apiVersion: M3_API_VERSION,
            kind: M3_KIND,
            name,
            namespace,
            uid,
            resourceVersion,
          },
          type,
          reason,
          message,
          source: { component: EVENT_SOURCE },
          reportingComponent: EVENT_SOURCE,
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
        },
      });
    } catch (error) {
      // An event is a courtesy: failing to write one must not fail the reconcile.
      this.onFailure(error);
    }
  }
}
