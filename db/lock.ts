import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two processes writing one data directory would corrupt it. The lock
 * is a listening socket (a Unix socket `app.lock` in the directory; a named pipe on Windows):
 * the operating system closes it the moment its process dies, however it dies, so a killed
 * server never blocks the next start, and a reused pid or a zombie can never pass for the owner
 * (a pid file could not tell those apart). The holder answers a connection with its pid.
 */
function lockAddress(dir: string): string {
  const resolved = path.resolve(dir);
  const digest = createHash("sha256").update(resolved).digest("hex").slice(0, 24);
  if (process.platform === "win32") return `\\\\.\\pipe\\sacred-${digest}`;
  const inside = path.join(resolved, "app.lock");
  // Socket paths are limited to about 104 bytes; a deep directory's lock lives in the temp directory.
  return Buffer.byteLength(inside) < 100 ? inside : path.join(os.tmpdir(), `sacred-${digest}.lock`);
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      server.unref(); // the lock alone must not keep a finished script alive
      resolve(server);
    });
  });
}

/** The pid of the process holding the lock, 0 if it answers without one, or null when nothing answers. */
function holder(address: string): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      reply += chunk;
    });
    socket.on("end", () => resolve(Number.parseInt(reply, 10) || 0));
    socket.on("error", () => resolve(null));
    // Something accepted the connection: a live process, even if slow to answer.
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(0);
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes a socket file that nothing listens on any more. Guarded by a directory (created
 * atomically) and checked again inside the guard, so that two processes taking over at once
 * never remove the socket the faster one has just bound.
 */
async function removeStale(address: string): Promise<void> {
  const guard = `${address}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A guard older than a few seconds belongs to a process that died while taking over.
    const since = fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 5000) {
      fs.rmSync(guard, { recursive: true, force: true });
    }
    await pause(25);
    return;
  }
  try {
    if ((await holder(address)) === null) fs.rmSync(address, { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

/** Locks the data directory for this process; returns the release function. */
export async function lockDataDir(dir: string): Promise<() => void> {
  fs.mkdirSync(dir, { recursive: true });
  const address = lockAddress(dir);
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      const server = await listen(address);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (process.platform !== "win32") fs.rmSync(address, { force: true });
        server.close();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
    const pid = await holder(address);
    if (pid !== null) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dir)} is in use by another process${pid ? ` (pid ${pid})` : ""}. ` +
          "The embedded database serves one process only: stop the other one, or set DATABASE_URL to use PostgreSQL.",
      );
    }
    // Nothing answers: its holder died and left the socket file behind (Unix only).
    await removeStale(address);
  }
  throw new DataDirLockedError(`Could not lock ${path.resolve(dir)}.`);
}
