import type http from "node:http";
import net from "node:net";
import type { Logger } from "pino";

/**
 * On SIGTERM (systemd, Docker: a restart), when a health checker watches /readyz, the instance keeps
 * serving until the checker has been answered 503, at most this long, so a proxy that checks it
 * (deploy/Caddyfile, every second) stops sending to it before its connections are refused: Caddy 2.6
 * cannot resend a form whose connection was refused (it sends it again without its body and answers
 * 502). SIGINT (Ctrl-C at a terminal) does not wait.
 */
const SHUTDOWN_DRAIN_MS = 2000;
/** In-flight requests get this long (after the drain on SIGTERM) to finish; then their connections are closed. */
const SHUTDOWN_GRACE_MS = 3000;
const SHUTDOWN_GRACE_AFTER_DRAIN_MS = 2000;
/** How long a proxy gets to close its idle keep-alive connections itself once the server stops listening. */
const SHUTDOWN_PROXY_IDLE_MS = 1500;
/** The process exits by then whatever still waits (a stalled database or SMTP server), inside the 5 s docs/development.md promises. */
const SHUTDOWN_DEADLINE_MS = 4500;
export interface Stopping {
  server: http.Server;
  /** createApp's: /readyz fails and answers close their connections (server/app.ts). */
  drain(waitMs: number): Promise<void>;
  proxiesLetGo(waitMs: number): Promise<void>;
  logger: Logger;
  releaseLock(): void;
  /** Timers, the mail worker, the database: what closes once no request is left. */
  cleanUp(): Promise<void>;
}

/**
 * SIGTERM and SIGINT stop the process without losing a request. A rolling restart
 * (docs/deployment.md) loses nothing: /readyz fails and every answer from then on closes its
 * connection (drain) while the instance still serves for a moment; then no new connection is taken
 * (a proxy's connect is refused, so it sends that request to the other instance), idle keep-alive
 * connections close, and what is in flight finishes within the grace.
 */
export function stopOnSignals({ server, drain, proxiesLetGo, logger, releaseLock, cleanUp }: Stopping): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const drainMs = signal === "SIGTERM" ? SHUTDOWN_DRAIN_MS : 0;
    const graceMs = drainMs > 0 ? drainMs + SHUTDOWN_GRACE_AFTER_DRAIN_MS : SHUTDOWN_GRACE_MS;
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    setTimeout(() => {
      logger.warn("shutdown deadline passed: exiting with work still waiting");
      releaseLock();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await drain(drainMs);
    // net's close, not http's: http.Server#close also closes idle keep-alive connections at once,
    // which a proxy may be sending a request on; those are left to the proxy a moment first.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    await proxiesLetGo(SHUTDOWN_PROXY_IDLE_MS);
    server.closeIdleConnections();
    await closed;
    await cleanUp();
    releaseLock();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
