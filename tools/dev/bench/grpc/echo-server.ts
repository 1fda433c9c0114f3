/**
 * A grpc-js server answering every unary call of `m3.bench.v1.Echo/Echo` with its request's
 * bytes, as bare as a server gets, called directly or through the exchange that m3's domains
 * serve (services/kit/grpc/unary-calls-service.ts): the other end of bench:unary-client. Prints
 * `{"port":N}` once it listens on a free loopback port.
 */
import * as grpc from "@grpc/grpc-js";
import { InProcessServer } from "../../../../services/kit/grpc/in-process-server.js";
import {
  UNARY_CALLS_DEFINITION,
  unaryCallsImplementation,
} from "../../../../services/kit/grpc/unary-calls-service.js";
import { unaryBytesMethod } from "../../fixtures/bytes-method.js";
import { ECHO_PATH } from "./echo-method.js";

const server = new grpc.Server();
const echoMethods = new InProcessServer("echo");
const addService = (
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
) => {
  server.addService(definition, implementation);
  echoMethods.addService(definition, implementation);
};
addService(
  {
    Echo: unaryBytesMethod(ECHO_PATH),
  },
  {
    Echo: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) =>
      callback(null, call.request),
  },
);
server.addService(UNARY_CALLS_DEFINITION, unaryCallsImplementation(echoMethods));
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error;
  console.log(JSON.stringify({ port }));
});
process.once("SIGTERM", () => server.forceShutdown());
