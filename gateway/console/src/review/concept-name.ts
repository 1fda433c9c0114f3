/** True when `typed` is the concept's name or one of its alternate names, in any case. */
export function namesConcept(
  typed: string,
  concept: { name: string; alternates: string[] } | undefined,
): boolean {
  const wanted = typed.trim().toLowerCase();
  return (
    concept !== undefined &&
    [concept.name, ...concept.alternates].some((name) => name.toLowerCase() === wanted)
  );
}
