// Adds the time of every database round trip to the current request's Server-Timing "db" figure.
// Wrapping the driver (not Drizzle) counts every query, whichever code path issued it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { recordTiming, timed } from "#shared/http/server-timing.ts";

/** PGlite: plain queries, exec and whole transactions (queries inside use the transaction's own handle). */
export function timePgliteQueries(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => timed("db", () => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => timed("db", () => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    timed("db", () => transaction(...args))) as typeof client.transaction;
}

/** node-postgres: every pooled connection's query(), in promise or callback style. */
export function timePostgresQueries(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const started = performance.now();
      // The driver calls back from its socket's context; bind the record to the request that asked.
      const done = AsyncLocalStorage.bind(() => recordTiming("db", performance.now() - started));
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === "function") {
        args[last] = (...results: unknown[]) => {
          done();
          return (callback as (...values: unknown[]) => unknown)(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).finally === "function")
        return (result as Promise<unknown>).finally(done);
      return result;
    }) as typeof client.query;
  });
}
