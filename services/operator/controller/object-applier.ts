/**
 * Brings one object to its desired state through the API server: created when absent, merge-
 * patched when a field the operator sets differs (drift), left alone otherwise; and removes the
 * platform's objects that are no longer desired. The comparison is a subset test, so fields the
 * API server or other controllers add (defaults, status, an HPA's replica count) are not drift.
 */
import {
  ApiException,
  type KubernetesObject,
  type KubernetesObjectApi,
  loadYaml,
  type ObjectCache,
  PatchStrategy,
} from "@kubernetes/client-node";
import type { DesiredObject } from "../builders/platform-objects.js";

export type ApplyOutcome = "created" | "updated" | "unchanged";

/**
 * Kinds whose objects run what they were created with: a Job's pod template cannot change (the
 * API server refuses the patch). An existing one is left as it is, so a migration or restore Job
 * keeps its record and logs; a changed template applies to the next Job (delete the Job to run it again).
 */
const CREATED_ONCE_KINDS: ReadonlySet<string> = new Set(["Job"]);

export class ObjectApplier {
  /**
   * ownedCaches: the controller's informers of the owned kinds, by kind; the clean-up then lists
   * from them (an object they still hold but the API server has deleted is already gone).
   */
  constructor(
    private readonly objects: KubernetesObjectApi,
    private readonly ownedCaches?: ReadonlyMap<string, ObjectCache<KubernetesObject>>,
  ) {}

  async apply(desired: DesiredObject): Promise<ApplyOutcome> {
    const existing = await this.read(desired);
    // The builders write the API's JSON; the client sends and reads its own models, which rename
    // some fields (a NetworkPolicy rule's `from` is `_from`): given JSON, it would drop them.
    const model = toClientModel(desired);
    if (existing === undefined) {
      await this.objects.create(model);
      return "created";
    }
    if (CREATED_ONCE_KINDS.has(desired.kind) || contains(existing, model)) return "unchanged";
    await this.objects.patch(model, undefined, undefined, undefined, undefined, PatchStrategy.MergePatch);
    return "updated";
  }

  /** Deletes the objects of the kind carrying the selector that are owned by ownerUid and not kept. */
  async prune(
    apiVersion: string,
    kind: string,
    namespace: string,
    labelSelector: string,
    ownerUid: string,
    keep: ReadonlySet<string>,
  ): Promise<string[]> {
    const cache = this.ownedCaches?.get(kind);
    const items =
      cache !== undefined
        ? cache.list(namespace)
        : (
            await this.objects.list(
              apiVersion,
              kind,
              namespace,
              undefined,
              undefined,
              undefined,
              undefined,
              labelSelector,
            )
          ).items;
    const removed: string[] = [];
    for (const item of items) {
      const name = item.metadata?.name ?? "";
      const owned = item.metadata?.ownerReferences?.some((owner) => owner.uid === ownerUid) ?? false;
      if (!owned || keep.has(name)) continue;
      try {
        await this.objects.delete(
          { apiVersion, kind, metadata: { name, namespace } },
          undefined,
          undefined,
          undefined,
          undefined,
          "Background",
        );
      } catch (error) {
        if (error instanceof ApiException && error.code === 404) continue;
        throw error;
      }
      removed.push(`${kind}/${name}`);
    }
    return removed;
  }

  private async read(desired: DesiredObject): Promise<KubernetesObject | undefined> {
    try {
      return await this.objects.read({
        apiVersion: desired.apiVersion,
        kind: desired.kind,
        metadata: { name: desired.metadata.name, namespace: desired.metadata.namespace },
      });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
  }
}

/** The object as the client's model of its kind (what the client's create, patch and read use). */
export function toClientModel(object: DesiredObject): KubernetesObject {
  return loadYaml<KubernetesObject>(JSON.stringify(object));
}

/**
 * Whether every field of desired is in actual with the same value (lists element by element).
 * A field desired leaves undefined (the client's models list every field) is not compared.
 */
export function contains(actual: unknown, desired: unknown): boolean {
  if (Array.isArray(desired)) {
    return (
      Array.isArray(actual) &&
      actual.length === desired.length &&
      desired.every((item, index) => contains(actual[index], item))
    );
  }
  if (typeof desired === "object" && desired !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(desired).every(
      ([key, value]) => value === undefined || contains(record[key], value),
    );
  }
  return normalize(actual) === normalize(desired);
}

/** The client turns date-time strings into Dates; compare them as the JSON they came from. */
function normalize(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
