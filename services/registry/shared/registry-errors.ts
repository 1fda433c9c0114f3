import { DomainError } from "../../kit/errors/domain-error.js";

export type RegistryKind = "VideoSequence" | "Video" | "VideoReference";

/** The legacy text of every media lookup miss. */
export function mediaNotFound(): DomainError {
  return DomainError.notFound("Media not found");
}

export function notFound(kind: RegistryKind, uuid: string): DomainError {
  return DomainError.notFound(`${kind} ${uuid} not found`, { kind, uuid });
}

/** Lookups by name, URI or digest keep the legacy text; the metadata says what was missing. */
export function notFoundByName(kind: RegistryKind, name: string): DomainError {
  return DomainError.notFound("Not found", { kind, name });
}

export function referenceNotFoundByUri(uri: string): DomainError {
  return DomainError.notFound("Not found", { kind: "VideoReference", uri });
}

export function referenceNotFoundBySha512(sha512: string): DomainError {
  return DomainError.notFound("Not found", { kind: "VideoReference", sha512 });
}

export function nameTaken(kind: RegistryKind, name: string): DomainError {
  return DomainError.alreadyExists("NAME_TAKEN", `A ${kind} named ${name} already exists`, { kind, name });
}

export function uriTaken(uri: string): DomainError {
  return DomainError.alreadyExists("URI_TAKEN", `A VideoReference with a URI of ${uri} already exists`, {
    uri,
  });
}

export function checksumConflict(uri: string): DomainError {
  return DomainError.alreadyExists(
    "CHECKSUM_MISMATCH",
    `A video with a URI of ${uri} exists, but it has a different checksum than the one you provided`,
    { uri },
  );
}

export function videoSpanConflict(name: string): DomainError {
  return DomainError.alreadyExists(
    "VIDEO_MISMATCH",
    `A video with name ${name} exists, but it has a different duration and/or start time than the one you provided.`,
    { name },
  );
}
