import { DomainError } from "../../../kit/errors/domain-error.js";

/** Unknown ids are 404 with the legacy message; the metadata says what was missing. */
export function notFound(resource: string, uuid: string): DomainError {
  return DomainError.notFound("Not found", { resource, uuid });
}
