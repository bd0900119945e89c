import http from "node:http";
import https from "node:https";

export interface ClientOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The one certificate this client trusts (the test's own, self-signed). */
  ca: string;
  /** The client's own address: another loopback address than the proxy's, so the app can tell them apart. */
  from: string;
}

/**
 * A browser's request, through node:http(s): fetch can neither trust one extra certificate nor
 * leave from a chosen local address without a package we do not have. No redirect is followed.
 */
export function request(url: string, options: ClientOptions): Promise<Response> {
  const { method = "GET", headers = {}, body, ca, from } = options;
  const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  const send = url.startsWith("https:") ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method, headers: { ...length, ...headers }, ca, localAddress: from, agent: false, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const answer = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            for (const one of [value ?? []].flat()) answer.append(key, one);
          }
          const status = res.statusCode ?? 599;
          resolve(
            new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: answer }),
          );
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within 15 s`)));
    req.on("error", reject);
    req.end(body);
  });
}
