import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { Env } from "./env.server";

/**
 * The server's handles for one request, as server/app.ts's `getLoadContext` sets them. Routes
 * reach it through React Router's context (app/context.ts); modules take these plain handles, so
 * they depend on this file and not on app/context.ts, which knows the viewer (accounts).
 */
export interface AppContext {
  db: Db;
  env: Env;
  logger: Logger;
  requestId: string;
  /** From the socket, or from X-Forwarded-For only when TRUST_PROXY says so. */
  clientIp: string;
  /** What the request's log line carries besides its path: who asked, once known (never an email). */
  requestLog: RequestLog;
}

/** What most of a module's work needs of a request: the database, the settings and the asking address. */
export type RequestHandles = Pick<AppContext, "db" | "env" | "clientIp">;

/** The same with the request's logger, for work that reports what failed. */
export type LoggedHandles = RequestHandles & Pick<AppContext, "logger">;

/** What reading the viewer needs: the request's handles, and its log line to name the account (when there is one). */
export type ViewerHandles = RequestHandles & Partial<Pick<AppContext, "requestLog">>;

export interface RequestLog {
  /** The signed-in account's id, set when the request's viewer is read. */
  accountId?: string;
}
