import type { EntityManager } from "typeorm";

/**
 * Runs independent reads together where they can overlap, one after another where they cannot.
 * A manager bound to one connection (a transaction's) runs one statement at a time whatever the
 * caller does: mysql2 queues the rest, and pg queues them with a warning that pg 9 will refuse
 * them. A pool's manager gives each read a connection of its own, so they overlap.
 */
export async function readConcurrently<T extends readonly unknown[]>(
  manager: EntityManager,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (manager.queryRunner === undefined) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
