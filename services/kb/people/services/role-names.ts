import { DomainError } from "../../../kit/errors/domain-error.js";
import { KB_ROLES, type KbRole } from "../../contracts/principal.js";

/**
 * Every role name a client may send, lowercased, to the role it means: the stored legacy
 * names (Admin, Maint, ReadOnly), the spec's (admin, maintenance, annotator, readonly), and
 * `User`, which the legacy KB Editor offers for people who annotate.
 */
const ROLE_NAMES: ReadonlyMap<string, KbRole> = new Map([
  ...KB_ROLES.map((role) => [role.toLowerCase(), role] as const),
  ["maintenance", "Maint"],
  ["maintainer", "Maint"],
  ["user", "Annotator"],
  ["read-only", "ReadOnly"],
  ["read_only", "ReadOnly"],
]);

/** The legacy role column holds at most 10 characters. */
const MAX_STORED = 10;

/** A role as a client named it: the role it means, and the spelling kept and shown back. */
export interface RoleChoice {
  role: KbRole;
  /** The client's spelling (trimmed); the role's own name when too long for the column. */
  spelling: string;
}

/** The role a stored or sent name means, in any case; undefined for an unknown name. */
export function roleOf(name: string | null | undefined): KbRole | undefined {
  return ROLE_NAMES.get((name ?? "").trim().toLowerCase());
}

/** A role name a client sent, checked; else 400 naming the field. */
export function checkRole(value: string, field = "role"): RoleChoice {
  const role = roleOf(value);
  if (!role) {
    throw DomainError.invalidArgument(
      "INVALID_ROLE",
      `${field} must be one of ${KB_ROLES.join(", ")} (also User, maintenance, readonly, in any case)`,
      { field },
    );
  }
  const spelling = value.trim();
  return { role, spelling: spelling.length <= MAX_STORED ? spelling : role };
}

/** Every lowercased name that means the role, to find its users whatever spelling they were stored with. */
export function namesOf(role: KbRole): string[] {
  return [...ROLE_NAMES].filter(([, meant]) => meant === role).map(([name]) => name);
}
