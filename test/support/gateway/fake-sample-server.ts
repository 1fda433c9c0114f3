/**
 * A strict fake of the fixture SampleService on a real grpc-js server, its handlers also
 * callable in process (`inProcess`): it records every request it decodes and answers only the
 * methods a test programmed; any other call fails with UNIMPLEMENTED. It also serves
 * grpc.health.v1 Check.
 */
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import protobuf from "protobufjs";
import {
  HEALTH_CHECK_PATH,
  HealthCheckRequest,
  HealthCheckResponse,
} from "../../../gateway/src/server/grpc-health.js";
import { InProcessServer } from "../../../services/kit/grpc/in-process-server.js";

export const FIXTURE_PROTO_ROOT = fileURLToPath(new URL("../../fixtures/proto", import.meta.url));

const root = new protobuf.Root();
root.resolvePath = (_origin, target) => `${FIXTURE_PROTO_ROOT}/${target}`;
root.loadSync("m3/testing/v1/sample_service.proto", { keepCase: true });
root.resolveAll();
const service = root.lookupService("m3.testing.v1.SampleService");

export interface RecordedCall {
  method: string;
  /** The decoded request: only fields set, int64 as numbers, enums by name, bytes as base64. */
  request: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

type Reply = { response: Record<string, unknown> } | { error: { code: grpc.status; details: string } };

export class FakeSampleServer {
  readonly calls: RecordedCall[] = [];
  /** The same handlers, for a gateway calling in process. */
  readonly inProcess = new InProcessServer("sample");
  private readonly replies = new Map<string, Reply>();
  private servingStatus = 1;
  private databaseStatus: number | undefined;
  private replyDelayMillis = 0;

  private constructor(
    private readonly server: grpc.Server,
    readonly address: string,
  ) {}

  static async start(): Promise<FakeSampleServer> {
    const server = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    const fake = new FakeSampleServer(server, `127.0.0.1:${port}`);
    fake.registerMethods();
    return fake;
  }

  /** Every later call of `method` answers this response (proto field names). */
  reply(method: string, response: Record<string, unknown>): void {
    this.replies.set(method, { response });
  }

  /** Every later call of `method` fails with this status. */
  fail(method: string, code: grpc.status, details: string): void {
    this.replies.set(method, { error: { code, details } });
  }

  /** Later answers wait this long, to exercise deadlines. */
  delayReplies(millis: number): void {
    this.replyDelayMillis = millis;
  }

  setServing(serving: boolean): void {
    this.servingStatus = serving ? 1 : 2;
  }

  /** Reports a database dependency (`m3.dependency.database`) that answers or not; none by default. */
  setDatabaseServing(serving: boolean): void {
    this.databaseStatus = serving ? 1 : 2;
  }

  /** The only call of `method`; fails the test when there were none or several. */
  onlyCall(method: string): RecordedCall {
    const calls = this.calls.filter((call) => call.method === method);
    if (calls.length !== 1) throw new Error(`expected one call of ${method}, got ${calls.length}`);
    return calls[0] as RecordedCall;
  }

  close(): Promise<void> {
    this.inProcess.stopAccepting();
    return new Promise((resolve) => this.server.tryShutdown(() => resolve()));
  }

  private registerMethods(): void {
    for (const method of service.methodsArray) {
      method.resolve();
      const requestType = method.resolvedRequestType as protobuf.Type;
      const responseType = method.resolvedResponseType as protobuf.Type;
      this.register(
        `/${service.fullName.slice(1)}/${method.name}`,
        (
          call: grpc.ServerUnaryCall<protobuf.Message, protobuf.Message>,
          callback: grpc.sendUnaryData<protobuf.Message>,
        ) => this.answer(method.name, requestType, responseType, call, callback),
        (message: protobuf.Message) => Buffer.from(responseType.encode(message).finish()),
        (bytes: Buffer) => requestType.decode(bytes),
      );
    }
    this.register(
      HEALTH_CHECK_PATH,
      (
        call: grpc.ServerUnaryCall<protobuf.Message, protobuf.Message>,
        callback: grpc.sendUnaryData<protobuf.Message>,
      ) => {
        const { service } = call.request as unknown as { service: string };
        const status = service === "" ? this.servingStatus : this.databaseStatus;
        if (service !== "" && (service !== "m3.dependency.database" || status === undefined)) {
          callback({ code: grpc.status.NOT_FOUND, details: "Unknown service" });
        } else {
          callback(null, HealthCheckResponse.fromObject({ status }));
        }
      },
      (message: protobuf.Message) => Buffer.from(HealthCheckResponse.encode(message).finish()),
      (bytes: Buffer) => HealthCheckRequest.decode(bytes),
    );
  }

  private register(
    path: string,
    handler: grpc.handleUnaryCall<protobuf.Message, protobuf.Message>,
    serialize: (message: protobuf.Message) => Buffer,
    deserialize: (bytes: Buffer) => protobuf.Message,
  ): void {
    this.server.register(path, handler, serialize, deserialize, "unary");
    this.inProcess.register(
      path,
      handler as grpc.UntypedHandleCall,
      serialize as (value: unknown) => Buffer,
      deserialize,
      "unary",
    );
  }

  private answer(
    method: string,
    requestType: protobuf.Type,
    responseType: protobuf.Type,
    call: grpc.ServerUnaryCall<protobuf.Message, protobuf.Message>,
    callback: grpc.sendUnaryData<protobuf.Message>,
  ): void {
    this.calls.push({
      method,
      request: requestType.toObject(call.request, { longs: Number, enums: String, bytes: String }),
      metadata: call.metadata.getMap(),
    });
    const reply = this.replies.get(method);
    if (this.replyDelayMillis > 0) {
      setTimeout(() => this.send(method, reply, responseType, callback), this.replyDelayMillis);
    } else {
      this.send(method, reply, responseType, callback);
    }
  }

  private send(
    method: string,
    reply: Reply | undefined,
    responseType: protobuf.Type,
    callback: grpc.sendUnaryData<protobuf.Message>,
  ): void {
    if (!reply) {
      callback({ code: grpc.status.UNIMPLEMENTED, details: `unexpected call to ${method}` });
    } else if ("error" in reply) {
      callback(reply.error);
    } else {
      callback(null, responseType.fromObject(reply.response));
    }
  }
}
