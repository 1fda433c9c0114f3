import type { CallContext } from "../../kit/grpc/bind-service.js";

/**
 * Roles of kb users, as stored (the legacy names). The spec's names admin, maintenance,
 * annotator and readonly are accepted as input in any case. Admin and Maint write the kb;
 * Annotator may log in (annotation tools) but not change the kb; ReadOnly may do neither.
 */
export const KB_ROLES = ["Admin", "Maint", "Annotator", "ReadOnly"] as const;
export type KbRole = (typeof KB_ROLES)[number];

/** Roles that may change the kb. */
export const KB_WRITER_ROLES: ReadonlySet<string> = new Set(["Admin", "Maint"]);

/** The user behind a call, from the JWT `name` claim, with the role stored for that user. */
export interface Principal {
  username: string;
  role: string;
  isAdmin: boolean;
}

/**
 * Who may do what in the kb (implemented by the users slice). Tokens from the API key carry
 * no user: they pass `requireToken` but not `requireWriter` or `requireAdmin`.
 */
export interface PrincipalResolver {
  /** The caller's user, or undefined for an API-key token or an unknown user. */
  resolve(ctx: CallContext): Promise<Principal | undefined>;
  /** A user whose stored role is not ReadOnly, else PERMISSION_DENIED. */
  requireWriter(ctx: CallContext): Promise<Principal>;
  /** A user whose stored role is Admin, else PERMISSION_DENIED. */
  requireAdmin(ctx: CallContext): Promise<Principal>;
}
