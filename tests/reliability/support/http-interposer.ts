import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Sits between the app and the PayPal stand-in and fails chosen calls (by method and path), so a
 * test can fail a capture while the webhook verification before it still succeeds; the stand-in's
 * own failNext fails whatever call comes next.
 */
export async function startInterposer(targetUrl: string) {
  const rules: { match: RegExp; status: number; times: number }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const call = `${req.method} ${new URL(req.url ?? "/", "http://x").pathname}`;
      const rule = rules.find((r) => r.times > 0 && r.match.test(call));
      if (rule) {
        rule.times--;
        res.writeHead(rule.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", debug_id: "interposed" }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([k, v]) => typeof v === "string" && !["host", "content-length"].includes(k),
        ),
      ) as Record<string, string>;
      const upstream = await fetch(`${targetUrl}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Answers the next `times` calls matching `match` ("POST /v2/...") with `status`. */
    fail(match: RegExp, status: number, times = 1) {
      rules.push({ match, status, times });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
