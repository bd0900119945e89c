import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones: the database is gone, as far as the app can tell. */
  cut(): Promise<void>;
  /**
   * Open connections stop carrying bytes and new ones are accepted but never answered: a
   * network partition or a frozen database host, where nothing tells the app to give up.
   */
  stall(): void;
  /**
   * Forwards new connections again (on the same port). Stalled connections are dropped, as their
   * TCP would be in the end, unless `keepStalled`: then they stay silent, as after a partition
   * whose peer is gone for good (until the kernel gives up, some 15 minutes by default).
   */
  restore(options?: { keepStalled?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder between the app and PostgreSQL that the test controls, so an outage can be
 * made without touching the shared database server.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let stalled = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (stalled) return; // accepted, never answered
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      dropAll();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore(options = {}) {
      stalled = false;
      if (!options.keepStalled) dropAll();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
