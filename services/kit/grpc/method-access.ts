/**
 * Who may call a gRPC method. Each method's access is declared once, in an access file beside its
 * service's handlers (e.g. video.access.ts): bindService enforces it, and the gateway documents
 * its routes from it (OpenAPI security), so the documents say what is enforced. The gRPC API is
 * also called directly by internal services, which is why the declaration lives with the domain.
 * This file imports nothing, so a declaration costs its importer only the generated definition.
 */
export type MethodAccess =
  /** Anyone. */
  | "none"
  /** A valid Bearer JWT: bindService refuses the call (UNAUTHENTICATED) before the handler runs. */
  | "jwt"
  /**
   * A Bearer JWT the handler verifies itself, so bindService lets the call through: config's
   * VerifyToken answers a missing or bad token with its own (legacy) messages.
   */
  | "jwt-checked-by-handler"
  /** An API key (`Authorization: APIKEY <key>`) the handler checks itself, to trade it for a JWT. */
  | "apikey"
  /** HTTP Basic credentials the handler checks itself, to trade them for a JWT (or a login file). */
  | "basic"
  /** A master key in the X-Api-Key header, else HTTP Basic credentials: config's CreateToken checks either. */
  | "x-api-key-or-basic"
  /** A key in the X-Api-Key header, else a kb user's Bearer JWT: capture's guard checks either. */
  | "x-api-key-or-jwt";

/** The part of a generated method definition a declaration reads: its full path. */
interface MethodPath {
  readonly path: string;
}

/** A ts-proto service definition (e.g. VideoServiceService): camelCase keys to methods. */
export type ServiceDefinitionLike = { readonly [method: string]: MethodPath };

/** Every method of a service to its access: a missing or an unknown method fails to compile. */
export type MethodAccessOf<S> = { readonly [K in keyof S]: MethodAccess };

/** One gRPC service's declared access, with the definition that names its methods in full. */
export interface ServiceAccessDeclaration<S extends ServiceDefinitionLike = ServiceDefinitionLike> {
  readonly definition: S;
  readonly methods: MethodAccessOf<S>;
}

/** Declares the access of every method of `definition` (the object literal is checked against it). */
export function declareAccess<S extends ServiceDefinitionLike>(
  definition: S,
  methods: NoInfer<MethodAccessOf<S>>,
): ServiceAccessDeclaration<S> {
  return { definition, methods };
}

/** The access of a domain's methods by full name, e.g. "m3.registry.v1.MediaService/GetMediaBySha512". */
export type RpcAccess = ReadonlyMap<string, MethodAccess>;

/** Indexes declarations by each method's full name (its definition's path without the leading "/"). */
export function rpcAccess(declarations: readonly ServiceAccessDeclaration[]): RpcAccess {
  const byName = new Map<string, MethodAccess>();
  for (const { definition, methods } of declarations) {
    for (const [key, method] of Object.entries(definition)) {
      const access = methods[key];
      if (access === undefined) throw new Error(`rpcAccess: no access declared for ${method.path}`);
      byName.set(method.path.slice(1), access);
    }
  }
  return byName;
}
