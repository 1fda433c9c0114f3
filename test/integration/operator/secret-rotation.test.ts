/**
 * The operator's rotation of the API key and the signing secret, through the Kubernetes API only
 * (k3s or the stand-in). The tests play the Deployment controller: a phase rolls out when they
 * mark every Deployment ready after the operator gave it the phase's Secret hash.
 */
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { readDomainConfig } from "../../../services/kit/config/domain-config.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount } from "../../support/operator/cluster-reads.js";
import { type Cluster, conditionBecomes, startCluster } from "../../support/operator/operator-harness.js";
import { podEnv, readSecret, rollOut, secretHashes } from "../../support/operator/rotation-steps.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const DEPLOYMENTS = 7;
/** The domains that check keys and tokens (the gateway forwards them). */
const AUTH_DOMAINS = ["kb", "annotation", "registry", "config", "capture", "upload"];

async function readyPlatform(cluster: Cluster): Promise<void> {
  await cluster.createPlatform("m3");
  await cluster.migrate();
  await deploymentsCount(cluster, DEPLOYMENTS);
  await cluster.controllers.markDeploymentsReady();
  await conditionBecomes(cluster, "m3", "Ready", "True");
}

function requestRotation(cluster: Cluster, rotation: { id: string; retireAfterSeconds?: number }) {
  return cluster.custom.patchNamespacedCustomObject(
    { ...cluster.platform, name: "m3", body: { spec: { secrets: { rotation } } } },
    MERGE,
  );
}

function phaseBecomes(cluster: Cluster, phase: string) {
  return eventuallyFromApi(async () => {
    const secret = await readSecret(cluster);
    return secret.phase === phase ? secret : undefined;
  });
}

/** Waits until the operator gave every Deployment a Secret hash other than the one it had. */
function hashesChange(cluster: Cluster, before: Map<string | undefined, string | undefined>) {
  return eventuallyFromApi(async () =>
    [...(await secretHashes(cluster))].every(([name, hash]) => hash !== before.get(name)) ? true : undefined,
  );
}

test("a rotation walks Announce, Switch and Retire, each written once every Deployment rolled out the one before, and ends Rotated", async (t) => {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await readyPlatform(cluster);
    const idle = await cluster.readPlatform("m3");
    t.like(
      idle.status?.conditions?.find((item) => item.type === "SecretsRotating"),
      {
        status: "False",
        reason: "NotRequested",
      },
    );
    let hashes = await secretHashes(cluster);
    await requestRotation(cluster, { id: "2026-11", retireAfterSeconds: 0 });
    const announced = await phaseBecomes(cluster, "Announce");
    const fresh = {
      key: announced.values.apiKeys ?? "",
      secret: announced.values.previousSigningSecrets ?? "",
    };
    t.regex(fresh.key, /^[0-9a-f]{64}$/, "a crypto-random 32-byte key");
    t.regex(fresh.secret, /^[0-9a-f]{64}$/);
    t.not(fresh.key, fresh.secret);
    t.like(announced.values, { apiKey: "key-1", signingSecret: "sign-1" });
    const rotating = await conditionBecomes(cluster, "m3", "SecretsRotating", "True", "Announce");
    t.like(rotating.status?.rotation, {
      id: "2026-11",
      phase: "Announce",
      secrets: ["apiKey", "signingSecret"],
    });

    // The operator gives every Deployment the new hash, and waits for them to roll out.
    await hashesChange(cluster, hashes);
    await conditionBecomes(cluster, "m3", "Ready", "True"); // a reconcile after the Deployments changed
    t.is((await readSecret(cluster)).phase, "Announce", "no Switch before the Announce rolled out");

    await cluster.controllers.markDeploymentsReady();
    hashes = await secretHashes(cluster);
    const switched = await phaseBecomes(cluster, "Switch");
    t.like(switched.values, {
      apiKey: fresh.key,
      apiKeys: "key-1",
      signingSecret: fresh.secret,
      previousSigningSecrets: "sign-1",
    });
    await rollOut(cluster, hashes);
    hashes = await secretHashes(cluster);
    const retired = await phaseBecomes(cluster, "Retire");
    t.deepEqual(retired.values, { apiKey: fresh.key, signingSecret: fresh.secret });
    await rollOut(cluster, hashes);
    const done = await conditionBecomes(cluster, "m3", "SecretsRotating", "False", "Rotated");
    const rotation = done.status?.rotation;
    t.like(rotation, { id: "2026-11", phase: "Rotated" });
    t.truthy(rotation?.startedAt && rotation.retireAt && rotation.finishedAt);
    t.regex(
      done.status?.conditions?.find((item) => item.type === "SecretsRotating")?.message ?? "",
      /^rotation 2026-11 of the API key and signing secret finished at /,
    );
    const events = await cluster.core.listNamespacedEvent({ namespace: cluster.namespace });
    const reasons = events.items
      .map((event) => event.reason)
      .filter((reason) => reason?.startsWith("Rotation"));
    t.deepEqual([...new Set(reasons)].sort(), [
      "RotationAnnounce",
      "RotationRetire",
      "RotationRotated",
      "RotationSwitch",
    ]);
  } finally {
    await cluster.close();
  }
});

test("the Retire waits retireAfterSeconds from the moment the Switch rolled out, then comes with nothing else changing", async (t) => {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await readyPlatform(cluster);
    let hashes = await secretHashes(cluster);
    await requestRotation(cluster, { id: "r1", retireAfterSeconds: 2 });
    await phaseBecomes(cluster, "Announce");
    await rollOut(cluster, hashes);
    hashes = await secretHashes(cluster);
    await phaseBecomes(cluster, "Switch");
    await rollOut(cluster, hashes);
    const rolledOutAt = Math.floor(Date.now() / 1000) * 1000;
    const waiting = await eventuallyFromApi(async () => {
      const platform = await cluster.readPlatform("m3");
      return platform.status?.rotation?.retireAt ? platform : undefined;
    });
    const retireAt = Date.parse(waiting.status?.rotation?.retireAt ?? "");
    t.true(retireAt >= rolledOutAt + 2000 - 1000, "the delay counts from the Switch's rollout");
    t.regex(
      waiting.status?.conditions?.find((item) => item.type === "SecretsRotating")?.message ?? "",
      /the old are accepted until /,
    );
    await phaseBecomes(cluster, "Retire");
    t.true(Date.now() >= retireAt, "not retired before the time it announced");
  } finally {
    await cluster.close();
  }
});

test("an operator taking over mid-rotation resumes from the Secret and never makes new values twice", async (t) => {
  const cluster = await startCluster();
  try {
    const first = cluster.startOperator("operator-a");
    await readyPlatform(cluster);
    const hashes = await secretHashes(cluster);
    await requestRotation(cluster, { id: "r1", retireAfterSeconds: 0 });
    const announced = await phaseBecomes(cluster, "Announce");
    await hashesChange(cluster, hashes);
    await first.stop(false); // a crash in the middle of the Announce's rollout
    const second = cluster.startOperator("operator-b");
    await eventuallyFromApi(() => (second.isLeader ? true : undefined));
    await cluster.controllers.markDeploymentsReady();
    const switched = await phaseBecomes(cluster, "Switch");
    t.is(switched.values.apiKey, announced.values.apiKeys, "the key announced by the first operator");
    t.is(switched.values.signingSecret, announced.values.previousSigningSecrets);
    const generated = (await cluster.core.listNamespacedEvent({ namespace: cluster.namespace })).items.filter(
      (event) => event.reason === "RotationAnnounce",
    );
    t.is(generated.length, 1);
  } finally {
    await cluster.close();
  }
});

test("at every phase, pods of the phase before and after accept each other's tokens and the keys clients hold, in every domain: no request refused", async (t) => {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await readyPlatform(cluster);
    const phases = ["Before"];
    const envs = [await Promise.all(AUTH_DOMAINS.map((domain) => podEnv(cluster, domain)))];
    let hashes = await secretHashes(cluster);
    await requestRotation(cluster, { id: "r1", retireAfterSeconds: 0 });
    for (const phase of ["Announce", "Switch", "Retire"]) {
      await phaseBecomes(cluster, phase);
      // Read while the Secret holds this phase: the operator writes the next one as soon as the
      // rollout below is reported.
      phases.push(phase);
      envs.push(await Promise.all(AUTH_DOMAINS.map((domain) => podEnv(cluster, domain))));
      await rollOut(cluster, hashes);
      hashes = await secretHashes(cluster);
    }
    for (const [slot, domain] of AUTH_DOMAINS.entries()) {
      const pods = envs.map((byDomain, index) => {
        const config = readDomainConfig(byDomain[slot] ?? {}, domain, { grpcPort: 0 });
        const tokens = new TokenService({ ...config, issuer: config.jwtIssuer });
        return { phase: phases[index], config, tokens };
      });
      for (let index = 1; index < pods.length; index++) {
        const [old, current] = [pods[index - 1], pods[index]] as [(typeof pods)[0], (typeof pods)[0]];
        const pair = `${domain} ${old.phase} → ${current.phase}`;
        await t.notThrowsAsync(
          current.tokens.verify(await old.tokens.issue()),
          `${pair}: an old pod's token`,
        );
        await t.notThrowsAsync(old.tokens.verify(await current.tokens.issue()), `${pair}: a new pod's token`);
        t.true(current.config.apiKeys.includes(old.config.apiKey), `${pair}: the key clients held`);
        t.true(old.config.apiKeys.includes(current.config.apiKey), `${pair}: the key clients move to`);
      }
      // Retired by design once the delay is over: the key and the tokens of before the rotation.
      const [before, retired] = [pods[0], pods[3]] as [(typeof pods)[0], (typeof pods)[0]];
      await t.throwsAsync(retired.tokens.verify(await before.tokens.issue()));
      t.false(retired.config.apiKeys.includes(before.config.apiKey));
      t.is(envs[3]?.[slot]?.M3_API_KEYS, undefined, "the lists are gone once retired");
    }
  } finally {
    await cluster.close();
  }
});
