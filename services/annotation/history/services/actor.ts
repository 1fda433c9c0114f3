import type { CallContext } from "../../../kit/grpc/call-context.js";

/** The kb roles a user token can carry (the kb login's `role` claim), strongest first. */
export const USER_ROLES = ["Admin", "Maint", "Annotator", "ReadOnly"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Who makes an annotation change:
 * - a kb user, from a token the kb login issued (claims `name` and `role`), or the config
 *   service's login (claim `username`, no role: such a user may not write);
 * - the service: a token issued for the API key (no user claim), which legacy clients use and
 *   which names the observer itself, or work outside any call (an import, a test).
 */
export type Actor = { kind: "user"; name: string; role: UserRole | undefined } | { kind: "service" };

export const SERVICE_ACTOR: Actor = { kind: "service" };

/** The actor of a gRPC call, from its verified token's claims. */
export function actorOf(ctx: Pick<CallContext, "claims">): Actor {
  const name = ctx.claims?.name ?? ctx.claims?.username;
  if (typeof name !== "string" || name === "") return SERVICE_ACTOR;
  return { kind: "user", name, role: roleOfClaim(ctx.claims?.role) };
}

/** The role a claim names, in any case; undefined for none or an unknown one. */
function roleOfClaim(claim: unknown): UserRole | undefined {
  if (typeof claim !== "string") return undefined;
  const wanted = claim.trim().toLowerCase();
  return USER_ROLES.find((role) => role.toLowerCase() === wanted);
}

/** The name a change is recorded under: the user's, or null for the service. */
export function recordedName(actor: Actor): string | null {
  return actor.kind === "user" ? actor.name : null;
}

/**
 * The observer a new observation records: the user whose token creates it, whatever the request
 * says (a user cannot annotate as another); the request's own for the service token, as legacy
 * clients (the VARS apps, the quickstart's scripts) name the observer themselves.
 */
export function attributedObserver(actor: Actor, given: string | null | undefined): string | null {
  return actor.kind === "user" ? actor.name : (given ?? null);
}
