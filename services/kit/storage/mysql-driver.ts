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
