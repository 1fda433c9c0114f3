import type * as grpc from "@grpc/grpc-js";
import { loadSync, type PackageDefinition } from "@grpc/proto-loader";
import { ReflectionService } from "@grpc/reflection";

interface ServedService {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

/** The reflection services (v1 and v1alpha) without any file to describe: their definitions, same for every server. */
let emptyReflection: readonly ServedService[] | undefined;

/**
 * Serves gRPC server reflection (v1 and v1alpha) for the given .proto files and the package
 * definitions `extra` returns, so grpcurl and other tools can list and call the services
 * without the files. The google/protobuf imports resolve from protobufjs's bundled well-known
 * types. The files are parsed and indexed on the first reflection call, not at start: that
 * work (~50 ms a domain, six in `npm start`) would delay every start for a tool few connect.
 */
export function addReflection(
  server: grpc.Server,
  protoRoot: string,
  protoFiles: readonly string[],
  extra: () => PackageDefinition = () => ({}),
): void {
  let described: readonly ServedService[] | undefined;
  const describedServices = () => {
    described ??= servicesOf(new ReflectionService({ ...loadDefinition(protoRoot, protoFiles), ...extra() }));
    return described;
  };
  emptyReflection ??= servicesOf(new ReflectionService({}));
  emptyReflection.forEach(({ definition, implementation }, index) => {
    const deferred: grpc.UntypedServiceImplementation = {};
    for (const method of Object.keys(implementation)) {
      deferred[method] = ((call: unknown) => {
        const handler = describedServices()[index]?.implementation[method] as (call: unknown) => void;
        handler(call);
      }) as grpc.UntypedHandleCall;
    }
    server.addService(definition, deferred);
  });
}

function loadDefinition(protoRoot: string, protoFiles: readonly string[]): PackageDefinition {
  return protoFiles.length === 0
    ? {}
    : loadSync([...protoFiles], { includeDirs: [protoRoot], keepCase: true });
}

/** What a ReflectionService adds to a server, in order, without a server. */
function servicesOf(reflection: ReflectionService): ServedService[] {
  const services: ServedService[] = [];
  const recorder = {
    addService: (definition: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation) => {
      services.push({ definition, implementation });
    },
  };
  reflection.addToServer(recorder as unknown as grpc.Server);
  return services;
}
