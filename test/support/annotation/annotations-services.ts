import { randomUUID } from "node:crypto";
import {
  type AnnotationsServices,
  createAnnotationsServices,
} from "../../../services/annotation/annotations/annotations-part.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationStore } from "../../../services/annotation/observations/services/observation.store.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { type Backend, openAnnotationTestStorage } from "./annotation-storage.js";

export interface AnnotationsUnderTest extends AnnotationsServices {
  storage: DomainStorage;
}

/** The annotations part's services over a fresh database, with the real shared stores. */
export async function openAnnotationsServices(backend: Backend): Promise<AnnotationsUnderTest> {
  const storage = await openAnnotationTestStorage(backend);
  const stores = { moments: createImagedMomentStore(), observations: createObservationStore() };
  return { storage, ...createAnnotationsServices(storage, stores) };
}

/** A video reference UUID no other test uses. */
export function newVideo(): string {
  return randomUUID();
}
