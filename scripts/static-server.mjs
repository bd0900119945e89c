// A plain static HTTP server for the benchmark: serves fixed bytes per path, nothing else.
// Usage: node scripts/static-server.mjs <port> <json file of {path: html}>
import fs from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, "utf8"))).map(([p, html]) => [p, Buffer.from(html)]),
);
http
  .createServer((req, res) => {
    const body = pages.get(req.url ?? "/");
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
