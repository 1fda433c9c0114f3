/**
 * Brings one object to its desired state through the API server: created when absent, merge-
 * patched when a field the operator sets differs (drift), left alone otherwise; and removes the
 * platform's objects that are no longer desired. The comparison is a subset test, so fields the
 * API server or other controllers add (defaults, status, an HPA's replica count) are not drift.
 *
 * With the controller's informers, an object is compared with their cached copy, and read from
 * the API server only when the cache lacks it (just created, a kind not watched) or still holds
 * the version this applier last patched over. A patch carries the resourceVersion it compared
 * against, so a cache that lagged a change is a 409, and the work queue's retry compares again.
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

  /** By `kind/namespace/name`: the resourceVersion last patched over (a cache still holding it lags). */
  private readonly patchedOver = new Map<string, string>();

  async apply(desired: DesiredObject): Promise<ApplyOutcome> {
    const cached = this.cached(desired);
    const existing = cached ?? asApiJson(await this.read(desired));
    // The builders write the API's JSON; the client sends and reads its own models, which rename
    // some fields (a NetworkPolicy rule's `from` is `_from`): given JSON, it would drop them. The
    // comparison stays in JSON: making the model costs more than the rest of a steady reconcile.
    if (existing === undefined) {
      await this.objects.create(toClientModel(desired));
      return "created";
    }
    // A list's items carry no apiVersion or kind (their list does): the cache is kept by kind.
    const { apiVersion: _version, kind: _kind, ...fields } = desired;
    if (CREATED_ONCE_KINDS.has(desired.kind) || contains(existing, fields)) return "unchanged";
    const resourceVersion = existing.metadata?.resourceVersion;
    const model = toClientModel(desired);
    const guarded = { ...model, metadata: { ...model.metadata, resourceVersion } };
    await this.objects.patch(guarded, undefined, undefined, undefined, undefined, PatchStrategy.MergePatch);
    if (resourceVersion !== undefined) this.patchedOver.set(keyOf(desired), resourceVersion);
    return "updated";
  }

  /** The informer's copy as the API's JSON, unless it has none or has not seen this applier's last patch. */
  private cached(desired: DesiredObject): KubernetesObject | undefined {
    const { name, namespace } = desired.metadata;
    const item = this.ownedCaches?.get(desired.kind)?.get(name, namespace);
    if (item === undefined) return undefined;
    const key = keyOf(desired);
    const over = this.patchedOver.get(key);
    if (over !== undefined && over === item.metadata?.resourceVersion) return undefined;
    this.patchedOver.delete(key);
    return asApiJson(item);
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
export function toClientModel(object: DesiredObject | KubernetesObject): KubernetesObject {
  return loadYaml<KubernetesObject>(JSON.stringify(object));
}

const apiJson = new WeakMap<KubernetesObject, KubernetesObject>();

/**
 * An object as the API's JSON. An informer holds both forms: its list's items are the client's
 * models (instances of the kind's class), its watch's events the API's JSON (plain objects), as
 * is. A model is converted once: the informer replaces an object it sees change.
 */
export function asApiJson(object: KubernetesObject | undefined): KubernetesObject | undefined {
  if (object === undefined || Object.getPrototypeOf(object) === Object.prototype) return object;
  let json = apiJson.get(object);
  if (json === undefined) {
    json = modelToJson(object) as KubernetesObject;
    apiJson.set(object, json);
  }
  return json;
}

/**
 * The fields the client's models name otherwise than the API (its generator's escapes of
 * reserved words): a NetworkPolicy rule's `from` is `_from`. The owned kinds use no other.
 */
const MODEL_NAMES: Readonly<Record<string, string>> = {
  _from: "from",
  _continue: "continue",
  _default: "default",
  _enum: "enum",
  _int: "int",
};

/** A client model as the API's JSON: its fields by their API names, Dates as RFC 3339 text, unset fields left out. */
export function modelToJson(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace(/\.000Z$/, "Z");
  if (Array.isArray(value)) return value.map(modelToJson);
  if (typeof value !== "object" || value === null) return value;
  const json: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) json[MODEL_NAMES[key] ?? key] = modelToJson(item);
  }
  return json;
}

function keyOf(object: DesiredObject): string {
  return `${object.kind}/${object.metadata.namespace}/${object.metadata.name}`;
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
