import { existsSync } from "node:fs";
import path from "node:path";
import protobuf from "protobufjs";

/**
 * Imports outside proto/ (google/api, google/type, ...) come from the system include
 * directory when present; the google/protobuf well-known types are bundled with protobufjs.
 */
const SYSTEM_INCLUDE = "/usr/include";

/** One method, resolved to the types the engine encodes and decodes. */
export interface RpcMethod {
  /** As written in the route table: `pkg.Service/Method`. */
  name: string;
  /** On the wire: `/pkg.Service/Method`. */
  path: string;
  /** The service's short name, e.g. `MediaService`. */
  serviceName: string;
  methodName: string;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
  /** Client streaming: the gateway sends a file upload as a stream of request messages. */
  requestStream: boolean;
  /** Server streaming: the gateway writes the reply as the messages arrive. */
  responseStream: boolean;
}

/**
 * Loads .proto files (relative to protoRoot) into one Root. Field names keep their proto
 * spelling (snake_case) and `//` comments are kept for the OpenAPI descriptions.
 */
export function loadProtoRoot(protoRoot: string, files: readonly string[]): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => resolveImport(protoRoot, target);
  if (files.length > 0) root.loadSync([...files], { keepCase: true, alternateCommentMode: true });
  root.resolveAll();
  return root;
}

function resolveImport(protoRoot: string, target: string): string {
  if (path.isAbsolute(target)) return target;
  const local = path.join(protoRoot, target);
  if (existsSync(local)) return local;
  const system = path.join(SYSTEM_INCLUDE, target);
  return existsSync(system) ? system : local;
}

/** Resolves `pkg.Service/Method`; throws when it names no method of the root or a bidirectional one. */
export function resolveRpc(root: protobuf.Root, rpc: string): RpcMethod {
  const match = /^([A-Za-z_][\w.]*)\/([A-Za-z_]\w*)$/.exec(rpc);
  if (!match) throw new Error(`rpc "${rpc}" is not of the form package.Service/Method`);
  const [, serviceName = "", methodName = ""] = match;
  const service = root.lookup(serviceName);
  if (!(service instanceof protobuf.Service)) throw new Error(`rpc "${rpc}": unknown service ${serviceName}`);
  const method = service.methods[methodName];
  if (!method) throw new Error(`rpc "${rpc}": ${serviceName} has no method ${methodName}`);
  const requestStream = method.requestStream === true;
  const responseStream = method.responseStream === true;
  if (requestStream && responseStream) throw new Error(`rpc "${rpc}" is bidirectional streaming`);
  method.resolve();
  const { resolvedRequestType, resolvedResponseType } = method;
  if (!resolvedRequestType || !resolvedResponseType) throw new Error(`rpc "${rpc}": unresolved types`);
  return {
    name: rpc,
    path: `/${serviceName}/${methodName}`,
    serviceName: service.name,
    methodName,
    requestType: resolvedRequestType,
    responseType: resolvedResponseType,
    requestStream,
    responseStream,
  };
}
