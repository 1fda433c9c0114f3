import type { AnnotationGraph } from "../../../services/annotation/annotations/services/annotation-graphs.js";

/** The concepts of the annotations, sorted: what a test usually compares. */
export function annotationsOf(annotations: readonly AnnotationGraph[]): (string | null)[] {
  return annotations.map((annotation) => annotation.observation.observation.concept).sort();
}
