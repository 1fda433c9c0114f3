import type { Annotation, Association } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { AnnotationGraph } from "../../annotations/services/annotation-graphs.js";
import { toAnnotation } from "../../shared/resources.mapper.js";

/**
 * The annotation as the legacy fast queries print it: the core annotation record without
 * any last-updated time, and null link fields printed as "".
 */
export function toFastAnnotation(graph: AnnotationGraph, withData: boolean): Annotation {
  const annotation = toAnnotation(graph.moment, graph.observation, withData);
  return {
    ...annotation,
    lastUpdated: undefined,
    associations: annotation.associations.map(fastAssociation),
    imageReferences: annotation.imageReferences.map((image) => ({ ...image, lastUpdatedTime: undefined })),
    ancillaryData: annotation.ancillaryData && { ...annotation.ancillaryData, lastUpdatedTime: undefined },
  };
}

function fastAssociation(association: Association): Association {
  return {
    ...association,
    linkName: association.linkName ?? "",
    toConcept: association.toConcept ?? "",
    linkValue: association.linkValue ?? "",
    lastUpdatedTime: undefined,
  };
}

export function toFastAnnotations(
  graphs: readonly AnnotationGraph[],
  withData: boolean,
): { annotations: Annotation[] } {
  return { annotations: graphs.map((graph) => toFastAnnotation(graph, withData)) };
}
