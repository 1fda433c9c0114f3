/**
 * One annotation stack per backend for a test file, each seeded with the fast data set
 * before the tests run: the setup shared by the fast, histogram and query e2e tests.
 */
import type { TestFn } from "ava";
import {
  type AnnotationBackend,
  type AnnotationHttpStack,
  BACKENDS,
  useAnnotationStacks,
} from "./annotation-http-stack.js";
import { type FastDataset, seedFastDataset } from "./fast-fixtures.js";

export interface FastDatasetStacks {
  stack: (backend: AnnotationBackend) => AnnotationHttpStack;
  dataset: (backend: AnnotationBackend) => FastDataset;
}

export function useFastDatasetStacks(test: TestFn): FastDatasetStacks {
  const datasets = new Map<AnnotationBackend, FastDataset>();
  const stack = useAnnotationStacks(test, async (started) => {
    for (const backend of BACKENDS) datasets.set(backend, await seedFastDataset(started(backend).http));
  });
  const dataset = (backend: AnnotationBackend) => {
    const found = datasets.get(backend);
    if (!found) throw new Error(`no data set on ${backend}`);
    return found;
  };
  return { stack, dataset };
}
