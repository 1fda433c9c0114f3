import type { CallContext } from "../../kit/grpc/bind-service.js";

/**
 * Roles of kb users, by their legacy names. Clients may name them in any case, by the spec's
 * names (admin, maintenance, annotator, readonly) or the legacy KB Editor's `User` (Annotator);
 * a user's role is kept as the client spelled it. Admin and Maint write the kb; Annotator may
 * log in (annotation tools) but not change the kb; ReadOnly may do neither.
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
 * Who may do what in the kb (implemented by the people part). Tokens from the API key carry
 * no user: they are a trusted service and pass `requireWriter` and `requireAdmin`.
 */
export interface PrincipalResolver {
  /** The caller's user, the service for an API-key token, or undefined (no token, unknown user). */
  resolve(ctx: CallContext): Promise<Principal | undefined>;
  /** A user whose stored role is not ReadOnly, else PERMISSION_DENIED. */
  requireWriter(ctx: CallContext): Promise<Principal>;
  /** A user whose stored role is Admin, else PERMISSION_DENIED. */
  requireAdmin(ctx: CallContext): Promise<Principal>;
}
