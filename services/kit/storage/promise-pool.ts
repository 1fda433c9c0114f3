import type { Pool } from "mysql2";

const promisePools = new WeakMap<Pool, ReturnType<Pool["promise"]>>();

/** The promise API of a pool, made once per pool (mysql2 makes a new one per call). */
export function promisePoolOf(pool: Pool): ReturnType<Pool["promise"]> {
  let promisePool = promisePools.get(pool);
  if (promisePool === undefined) {
    promisePool = pool.promise();
    promisePools.set(pool, promisePool);
  }
  return promisePool;
}
