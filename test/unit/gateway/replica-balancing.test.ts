/**
 * The gateway's channel to a domain with several replicas (channel-config.ts): calls go round
 * the replicas, a read that was running on a replica when it went away is answered by another,
 * and a write is not tried twice. Real grpc-js servers on loopback ports, one target naming all
 * three (`ipv4:` list: the local form of a headless Service's `dns:///` name).
 */
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import {
  idempotentRpcs,
  UNARY_CALL_CLIENTS,
  type UnaryCalls,
} from "../../../gateway/src/engine/channel-config.js";
import { DomainClient } from "../../../gateway/src/engine/grpc-caller.js";
import { loadProtoRoot } from "../../../gateway/src/engine/proto-registry.js";
import { bindRoutes } from "../../../gateway/src/engine/route-binding.js";
import { registryRoutes } from "../../../gateway/src/routes/registry.routes.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { unaryBytesMethod } from "../../../tools/dev/fixtures/bytes-method.js";
import { type CountingRelay, startCountingRelay } from "../../support/gateway/counting-relay.js";

const SERVICE = "m3.testing.v1.ReplicaProbe";
const READ = `${SERVICE}/Read`;
const WRITE = `${SERVICE}/Write`;

interface Replica {
  name: string;
  port: number;
  /** Calls that reached this replica's handlers. */
  calls: number;
  stop(): void;
}

const rawMethod = (path: string) => unaryBytesMethod(`/${path}`);

/**
 * A replica answering its name, reached through a TCP relay. `diesOnFirstCall`: in the middle of
 * its first call the relay cuts every connection and stops listening, as a killed process's do.
 */
async function startReplica(
  t: { teardown(fn: () => void): void },
  name: string,
  diesOnFirstCall = false,
): Promise<Replica> {
  const server = new grpc.Server();
  let relay: CountingRelay | undefined;
  const replica: Replica = { name, port: 0, calls: 0, stop: () => server.forceShutdown() };
  const handle: grpc.handleUnaryCall<Buffer, Buffer> = (_call, callback) => {
    replica.calls += 1;
    if (!diesOnFirstCall) return callback(null, Buffer.from(name));
    relay?.cut();
  };
  server.addService({ Read: rawMethod(READ), Write: rawMethod(WRITE) }, { Read: handle, Write: handle });
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
  relay = await startCountingRelay(t, grpcPort);
  replica.port = relay.port;
  return replica;
}

interface Replicas {
  client: DomainClient;
  dying: Replica;
  others: Replica[];
}

/** Replicas a, b and c behind one client; a dies on its first call when `aDies`. */
async function startReplicas(
  t: { teardown(fn: () => void): void },
  unaryCalls: UnaryCalls,
  aDies = false,
): Promise<Replicas> {
  const [dying, ...others] = await Promise.all([
    startReplica(t, "a", aDies),
    startReplica(t, "b"),
    startReplica(t, "c"),
  ]);
  const replicas = [dying, ...others];
  const target = `ipv4:${replicas.map((replica) => `127.0.0.1:${replica.port}`).join(",")}`;
  const client = new DomainClient("probe", target, { idempotent: [READ], unaryCalls });
  t.teardown(() => {
    client.close();
    for (const replica of replicas) replica.stop();
  });
  return { client, dying, others };
}

function call(client: DomainClient, rpc: string): Promise<string> {
  const options = { metadata: {}, timeoutMillis: 10_000 };
  return client.unary(`/${rpc}`, Buffer.from("{}"), options).then((reply) => reply.toString());
}

test("the retried rpcs are the registry's unary rpcs that only GET routes map", (t) => {
  const root = loadProtoRoot(PROTO_ROOT, registryRoutes.protoFiles);
  const rpcs = idempotentRpcs(bindRoutes(registryRoutes, root));
  t.true(rpcs.includes("m3.registry.v1.MediaService/GetMediaBySha512"));
  t.true(rpcs.includes("m3.registry.v1.MediaService/ListConcurrentMedia"));
  t.false(rpcs.includes("m3.registry.v1.MediaService/CreateMedia"));
  t.false(rpcs.includes("m3.registry.v1.VideoSequenceService/CreateVideoSequence"));
});

for (const unaryCalls of UNARY_CALL_CLIENTS) {
  test(`${unaryCalls}: calls to one target of three replicas go round them: each answers a third`, async (t) => {
    const { client } = await startReplicas(t, unaryCalls);
    const answers = new Map<string, number>();
    for (let index = 0; index < 300; index += 1) {
      const name = await call(client, index % 2 === 0 ? READ : WRITE);
      answers.set(name, (answers.get(name) ?? 0) + 1);
    }
    t.deepEqual([...answers.keys()].sort(), ["a", "b", "c"]);
    for (const count of answers.values()) t.true(Math.abs(count - 100) <= 10, `${count} of 300`);
  });

  test(`${unaryCalls}: a read running on a replica that goes away is answered by another replica`, async (t) => {
    const { client, dying } = await startReplicas(t, unaryCalls, true);
    const answers: string[] = [];
    while (dying.calls === 0 && answers.length < 50) answers.push(await call(client, READ));
    t.is(dying.calls, 1);
    t.false(answers.includes("a"));
    t.true(answers.every((name) => name === "b" || name === "c"));
  });

  test(`${unaryCalls}: a write running on a replica that goes away fails with UNAVAILABLE and is not sent again`, async (t) => {
    const { client, dying, others } = await startReplicas(t, unaryCalls, true);
    const outcomes: string[] = [];
    while (dying.calls === 0 && outcomes.length < 50) {
      outcomes.push(await call(client, WRITE).catch((error: grpc.ServiceError) => grpc.status[error.code]));
    }
    t.is(dying.calls, 1);
    t.is(outcomes.at(-1), "UNAVAILABLE");
    t.true(outcomes.slice(0, -1).every((name) => name === "b" || name === "c"));
    const before = others.reduce((sum, replica) => sum + replica.calls, 0);
    t.is(before, outcomes.length - 1, "the failed write reached no other replica");
  });
}
