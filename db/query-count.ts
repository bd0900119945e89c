import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import type { NextFunction, Request, Response } from "express";

/*
 * How many SQL statements a request ran (issue 47, scripts/bench-scale.ts): drizzle tells this
 * logger of each query it sends, and the request it belongs to is found through AsyncLocalStorage.
 * Counting is always on (a lookup and an increment per query); the answer's X-Query-Count header
 * only where QUERY_COUNT_HEADER=true, which env.server.ts takes only on a server that answers this
 * machine alone: how a page queries is nobody else's business.
 */
const requests = new AsyncLocalStorage<{ queries: number }>();

export const queryCounter: Logger = {
  logQuery() {
    const current = requests.getStore();
    if (current) current.queries++;
  },
};

/** The statements run so far inside `work` (tests, and the middleware below). */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { queries: 0 };
  const result = await requests.run(store, work);
  return { result, queries: store.queries };
}

/** Express middleware: X-Query-Count on each answer, the statements run before its head was written. */
export function queryCountHeader() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const store = { queries: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) this.setHeader("X-Query-Count", String(store.queries));
      return writeHead.apply(this, args);
    } as typeof writeHead;
    requests.run(store, next);
  };
}
