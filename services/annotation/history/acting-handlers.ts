import type { CallContext, ServiceHandlers } from "../../kit/grpc/bind-service.js";
import type { ServiceAccessDeclaration, ServiceDefinitionLike } from "../../kit/grpc/method-access.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { isRecordingStorage } from "../events/change-recorder.js";
import { type Actor, actorOf, SERVICE_ACTOR } from "./services/actor.js";

type AnyHandler = (request: unknown, ctx: CallContext) => unknown;

/**
 * A service's handlers whose writes are made on behalf of the call's user: each call of a method
 * declared "jwt" with a kb user's token gets handlers (and services) built over the storage
 * acting for that user, so its transactions check the user's role and record them in the
 * history (change-recorder.ts). Reads, and calls with the API key's token, share one set built
 * over the service's storage. The user travels with the services a call builds, not with an
 * async scope: AsyncLocalStorage would put a hook on every promise of the process.
 */
export function actingHandlers<S extends ServiceDefinitionLike, H extends ServiceHandlers<S>>(
  declaration: ServiceAccessDeclaration<S>,
  storage: DomainStorage,
  build: (storage: DomainStorage, actor: Actor) => H,
): H {
  const shared = build(storage, SERVICE_ACTOR);
  if (!isRecordingStorage(storage)) return shared;
  const handlers: Record<string, unknown> = { ...shared };
  for (const [key, access] of Object.entries(declaration.methods)) {
    if (access !== "jwt") continue;
    handlers[key] = (request: unknown, ctx: CallContext) => {
      const actor = actorOf(ctx);
      const perCall = actor.kind === "service" ? shared : build(storage.actingFor(actor), actor);
      return ((perCall as Record<string, AnyHandler>)[key] as AnyHandler)(request, ctx);
    };
  }
  return handlers as H;
}
