import { AsyncLocalStorage } from "node:async_hooks";
import type { CallContext } from "./call-context.js";

const calls = new AsyncLocalStorage<CallContext>();

/**
 * The context of the gRPC call being served, wherever its work has got to (a repository, a
 * transaction hook), so a rule that depends on who calls need not have the context passed down
 * every layer. Undefined outside a call (an import, a test calling a service directly).
 */
export function currentCall(): CallContext | undefined {
  return calls.getStore();
}

/** Runs a call's work with `ctx` as its current call. */
export function runAsCall<T>(ctx: CallContext, work: () => Promise<T>): Promise<T> {
  return calls.run(ctx, work);
}
