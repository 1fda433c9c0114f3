import * as grpc from "@grpc/grpc-js";
import type { ListPhylogenyTaxaResponse } from "../../../proto/gen/m3/kb/v1/phylogeny_service.js";
import { PhylogenyServiceClient } from "../../../proto/gen/m3/kb/v1/phylogeny_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";

/** What the boxes ask the kb: a concept's descendants, and whether a name is a concept. */
export interface ConceptTree {
  /** The concept and its descendants (primary names); undefined when the kb knows no such name. */
  taxa(name: string): Promise<string[] | undefined>;
  close(): void;
}

const CALL_TIMEOUT_MILLIS = 10_000;

/** The kb's phylogeny over gRPC (its reads are open): ListPhylogenyTaxa, NOT_FOUND for an unknown name. */
export function createKbConceptTree(address: string): ConceptTree {
  const client = new PhylogenyServiceClient(address, grpc.credentials.createInsecure());
  return {
    taxa: (name) =>
      new Promise((resolve, reject) => {
        client.listPhylogenyTaxa(
          { name },
          new grpc.Metadata(),
          { deadline: Date.now() + CALL_TIMEOUT_MILLIS },
          (error: grpc.ServiceError | null, response: ListPhylogenyTaxaResponse) => {
            if (!error) resolve(response.concepts.map((concept) => concept.name));
            else if (error.code === grpc.status.NOT_FOUND) resolve(undefined);
            else
              reject(
                new DomainError("UNAVAILABLE", "KB_UNAVAILABLE", "The kb did not answer about the concept"),
              );
          },
        );
      }),
    close: () => client.close(),
  };
}
