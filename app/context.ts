import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { Env } from "./env.server";

/** What every loader and action receives from the server (see server/app.ts). */
export interface AppContext {
  db: Db;
  env: Env;
  logger: Logger;
  requestId: string;
  /** From the socket, or from X-Forwarded-For only when TRUST_PROXY says so. */
  clientIp: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
