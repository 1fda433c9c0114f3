import { DomainError } from "../../../kit/errors/domain-error.js";
import type { Principal } from "../../contracts/principal.js";

/** The legacy messages of the concept tree. */
export function conceptNotFound(name: string): DomainError {
  return DomainError.notFound(`Concept name \`${name}\` was not found`, { name });
}

export function nameAlreadyExists(name: string, field: string): DomainError {
  return DomainError.alreadyExists("NAME_EXISTS", `Concept name \`${name}\` already exists`, { field, name });
}

export function notAllowed(principal: Principal): DomainError {
  return DomainError.permissionDenied(`I'm sorry \`${principal.username}\`, I can not let you do that.`);
}
