import mysql, { type Pool, type PoolConnection } from "mysql2";

/**
 * mysql2 as TypeORM's MySQL driver (its `driver` option), with one change: TypeORM asks
 * `connection.promise()` for every query, and mysql2 answers each time with a new wrapper
 * (a `require()` lookup, an EventEmitter and two listeners). Here each pooled connection
 * keeps the wrapper it made first; the wrapper holds nothing but the connection.
 */
export const mysqlDriver: typeof mysql = Object.create(mysql, {
  createPool: {
    value: (...args: Parameters<typeof mysql.createPool>): Pool => {
      const pool = mysql.createPool(...args);
      pool.on("connection", keepPromiseWrapper);
      return pool;
    },
  },
});

function keepPromiseWrapper(connection: PoolConnection): void {
  const wrapper = connection.promise();
  connection.promise = () => wrapper;
}

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
