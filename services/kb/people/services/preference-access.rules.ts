import { DomainError } from "../../../kit/errors/domain-error.js";
import type { Principal } from "../../contracts/principal.js";

/** The node of one user's own settings, as the KB Editor names it: `kb-ui/<username>`. */
export function ownPreferenceNode(username: string): string {
  return `kb-ui/${username}`;
}

/**
 * Who may list preferences by node: an admin (or the API key's service) any node, as the spec
 * says; any other signed-in user only their own node, which the KB Editor reads for every user
 * at sign-in (the legacy kb left this listing open to all).
 */
export function checkPreferenceReader(principal: Principal | undefined, nodeName: string | undefined): void {
  if (principal?.isAdmin) return;
  if (principal && nodeName === ownPreferenceNode(principal.username)) return;
  throw DomainError.permissionDenied(
    principal
      ? `I'm sorry \`${principal.username}\`, I can not let you do that.`
      : "I'm sorry, I can not let you do that.",
  );
}
