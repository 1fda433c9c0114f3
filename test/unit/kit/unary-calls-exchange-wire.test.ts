/**
 * The domain's side of m3.common.v1.UnaryCallsService/Exchange
 * (services/kit/grpc/unary-calls-service.ts) spoken to message by message with grpc-js' own
 * client, as any peer of a domain's port may: what it answers at a shutdown, and to calls it
 * cannot run. The gateway's client of it is tested in unary-calls-exchange.test.ts and
 * unary-calls-exchange-lifecycle.test.ts.
 */
import { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import {
  ExchangeRequest,
  ExchangeResponse,
  type UnaryCall,
  type UnaryCallOutcome,
} from "../../../proto/gen/m3/common/v1/unary_calls.js";
import { PROBE, routesOf, startKitServer } from "./exchange-harness.js";

const ExchangeClient = grpc.makeGenericClientConstructor(
  {
    exchange: {
      path: "/m3.common.v1.UnaryCallsService/Exchange",
      requestStream: true,
      responseStream: true,
      requestSerialize: (request: ExchangeRequest) => Buffer.from(ExchangeRequest.encode(request).finish()),
      requestDeserialize: (bytes: Buffer) => ExchangeRequest.decode(bytes),
      responseSerialize: (response: ExchangeResponse) =>
        Buffer.from(ExchangeResponse.encode(response).finish()),
      responseDeserialize: (bytes: Buffer) => ExchangeResponse.decode(bytes),
    },
  },
  "UnaryCallsService",
);

interface Exchange {
  /** Sends the call alone in a message of the stream. */
  send(call: Partial<UnaryCall> & { callId: number }): void;
  /** Sends the calls together, in one message. */
  sendTogether(calls: readonly UnaryCall[]): void;
  /** The call's outcome (the nth, when a call id was sent twice), once it comes. */
  answerTo(callId: number, nth?: number): Promise<UnaryCallOutcome>;
  /** How many messages the server sent. */
  messages(): number;
  /** Ends the client's side; resolves with the stream's status. */
  end(): Promise<grpc.StatusObject>;
}

/** An Exchange stream to the server at `address`, closed at the test's end. */
function openExchange(t: { teardown(fn: () => void): void }, address: string): Exchange {
  const client = new ExchangeClient(address, grpc.credentials.createInsecure());
  t.teardown(() => client.close());
  const stream = (
    client as unknown as { exchange(): grpc.ClientDuplexStream<ExchangeRequest, ExchangeResponse> }
  ).exchange();
  const answers = new Map<number, UnaryCallOutcome[]>();
  const answered = new EventEmitter().setMaxListeners(0);
  let messages = 0;
  stream.on("data", (response: ExchangeResponse) => {
    messages += 1;
    for (const outcome of response.outcomes) {
      answers.set(outcome.callId, [...(answers.get(outcome.callId) ?? []), outcome]);
    }
    answered.emit("answer");
  });
  const status = new Promise<grpc.StatusObject>((resolve) => stream.on("status", resolve));
  stream.on("error", () => {});
  return {
    send: (call) =>
      stream.write({
        calls: [
          {
            method: "",
            metadata: {},
            timeoutMillis: 10_000,
            message: Buffer.alloc(0),
            cancel: false,
            ...call,
          },
        ],
      }),
    sendTogether: (calls) => stream.write({ calls: [...calls] }),
    messages: () => messages,
    answerTo: (callId, nth = 0) =>
      new Promise((resolve) => {
        const check = () => {
          const answer = answers.get(callId)?.[nth];
          if (!answer) return;
          answered.off("answer", check);
          resolve(answer);
        };
        answered.on("answer", check);
        check();
      }),
    end: () => {
      stream.end();
      return status;
    },
  };
}

function probeCall(callId: number, method: string, request: object): UnaryCall {
  const message = Buffer.from(JSON.stringify(request));
  return {
    callId,
    method: `${PROBE}/${method}`,
    metadata: {},
    timeoutMillis: 10_000,
    message,
    cancel: false,
  };
}

const textOf = (outcome: UnaryCallOutcome) => JSON.parse(Buffer.from(outcome.message).toString()).text;

test("a shutdown lets the calls in flight finish, refuses those that come after, then the stream ends with OK", async (t) => {
  const { server, seen } = await startKitServer(t);
  const exchange = openExchange(t, server.address);
  exchange.send(probeCall(1, "Slow", { millis: 300 }));
  exchange.send(probeCall(2, "Ping", { text: "in flight" }));
  // The calls start in the order they came: once 2 is answered, 1 is running.
  t.is((await exchange.answerTo(2)).code, grpc.status.OK);
  const stopped = server.shutdown(30_000);
  exchange.send(probeCall(3, "Ping", { text: "too late" }));
  t.like(await exchange.answerTo(3), { code: grpc.status.UNAVAILABLE, refused: true });
  const slow = await exchange.answerTo(1);
  t.like(slow, { code: grpc.status.OK, refused: false });
  t.is(textOf(slow), "slept");
  t.is((await exchange.end()).code, grpc.status.OK);
  await stopped;
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), ["exchange"], "the refused call never ran");
});

test("calls it cannot run are answered with their status, nothing run, and the stream and the server go on; any timeout is taken", async (t) => {
  const { server, seen } = await startKitServer(t);
  const exchange = openExchange(t, server.address);
  // Timeouts of 1 ms: a timer left behind by a call never made would fire (and throw) before the last call.
  const refusedCalls: UnaryCall[] = [
    { ...probeCall(1, "Ping", {}), metadata: { "bad key": "x" }, timeoutMillis: 1 },
    { ...probeCall(2, "Ping", {}), metadata: { "x-note": "café\n" }, timeoutMillis: 1 },
    { ...probeCall(3, "Ping", {}), method: "/m3.testing.v1.StreamProbeService/Count", timeoutMillis: 1 },
    { ...probeCall(4, "Ping", {}), method: "/m3.testing.v1.ProbeService/Missing", timeoutMillis: 1 },
    { ...probeCall(5, "Ping", {}), message: Buffer.from("not json"), timeoutMillis: 1 },
  ];
  for (const request of refusedCalls) exchange.send(request);
  const codes = await Promise.all(
    refusedCalls.map(async ({ callId }) => grpc.status[(await exchange.answerTo(callId)).code]),
  );
  t.deepEqual(codes, ["INVALID_ARGUMENT", "INVALID_ARGUMENT", "UNIMPLEMENTED", "UNIMPLEMENTED", "INTERNAL"]);
  t.regex((await exchange.answerTo(1)).details, /bad key/);
  exchange.send(probeCall(6, "Slow", { millis: 50 }));
  exchange.send(probeCall(6, "Ping", { text: "same id" }));
  t.like(await exchange.answerTo(6), { code: grpc.status.INVALID_ARGUMENT, refused: false });
  const slow = await exchange.answerTo(6, 1);
  t.like(slow, { code: grpc.status.OK });
  t.is(textOf(slow), "slept", "the first call of that id ran on");
  exchange.send(probeCall(7, "Ping", { text: "still here" }));
  t.is(textOf(await exchange.answerTo(7)), "still here");
  // The longest timeouts a call may carry: none (0), and uint32's largest, past Node's longest timer.
  exchange.send({ ...probeCall(8, "Slow", { millis: 5 }), timeoutMillis: 0 });
  exchange.send({ ...probeCall(9, "Slow", { millis: 5 }), timeoutMillis: 2 ** 32 - 1 });
  t.like(await exchange.answerTo(8), { code: grpc.status.OK });
  t.like(await exchange.answerTo(9), { code: grpc.status.OK });
  t.is((await exchange.end()).code, grpc.status.OK);
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), ["exchange"], "only the last ping ran");
});

test("calls sent together are each answered, and outcomes ready together come back together", async (t) => {
  const { server } = await startKitServer(t);
  const exchange = openExchange(t, server.address);
  const calls = Array.from({ length: 20 }, (_, index) =>
    probeCall(index + 1, "Ping", { text: `ping ${index}` }),
  );
  exchange.sendTogether(calls);
  const texts = await Promise.all(calls.map(async ({ callId }) => textOf(await exchange.answerTo(callId))));
  t.deepEqual(
    texts,
    calls.map((_, index) => `ping ${index}`),
  );
  t.true(exchange.messages() < 20, `${exchange.messages()} messages for 20 outcomes`);
  t.is((await exchange.end()).code, grpc.status.OK);
});
