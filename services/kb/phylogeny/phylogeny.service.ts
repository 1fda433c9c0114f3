import type { SerdeConcept } from "../../../proto/gen/m3/kb/v1/resources.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { PhylogenyCache } from "./phylogeny.cache.js";

/** The phylogeny views; an unknown name is NOT_FOUND "Not found" (the legacy body), except for siblings. */
export class PhylogenyService {
  constructor(private readonly cache: PhylogenyCache) {}

  /** Builds the tree ahead of the first request. */
  async warm(): Promise<void> {
    await this.cache.tree();
  }

  async up(name: string): Promise<SerdeConcept> {
    return found((await this.cache.tree()).up(name));
  }

  async down(name: string): Promise<SerdeConcept> {
    return found((await this.cache.tree()).down(name));
  }

  async basic(name: string): Promise<SerdeConcept[]> {
    return found((await this.cache.tree()).basic(name));
  }

  async taxa(name: string): Promise<SerdeConcept[]> {
    return found((await this.cache.tree()).taxa(name));
  }

  /** [] for the root or an unknown name, as the legacy service answers. */
  async siblings(name: string): Promise<SerdeConcept[]> {
    return (await this.cache.tree()).siblings(name);
  }
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw DomainError.notFound("Not found");
  return value;
}
