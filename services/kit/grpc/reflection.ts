import type * as grpc from "@grpc/grpc-js";
import { loadSync, type PackageDefinition } from "@grpc/proto-loader";
import { ReflectionService } from "@grpc/reflection";

/**
 * Serves gRPC server reflection (v1 and v1alpha) for the given .proto files, so grpcurl and
 * other tools can list and call the services without the files. The google/protobuf
 * imports resolve from protobufjs's bundled well-known types.
 */
export function addReflection(
  server: grpc.Server,
  protoRoot: string,
  protoFiles: readonly string[],
  extra: PackageDefinition = {},
): void {
  const definition =
    protoFiles.length === 0 ? {} : loadSync([...protoFiles], { includeDirs: [protoRoot], keepCase: true });
  new ReflectionService({ ...definition, ...extra }).addToServer(server);
}
