import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** Where a program is: PATH, or the sbin folders a non-root PATH may lack (Debian's nginx). */
function programPath(name: string): string | undefined {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).concat(["/usr/sbin", "/sbin"]);
  return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
}

/** The programs the proxy test needs; missing ones skip it (a bare machine still passes `npm test`). */
export function missingPrograms(): string[] {
  return ["nginx", "caddy", "openssl"].filter((name) => !programPath(name));
}

export interface Certificate {
  cert: string;
  key: string;
  pem: string;
}

/** A self-signed certificate for 127.0.0.1, made for this run only (the client trusts exactly it). */
export function makeCertificate(dir: string): Certificate {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    programPath("openssl") ?? "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"].concat([
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore", timeout: 15_000 },
  );
  return { cert, key, pem: fs.readFileSync(cert, "utf8") };
}

export interface ProxySetup {
  /** A directory of its own: config, pid, logs and temporary files stay in it. */
  dir: string;
  httpPort: number;
  httpsPort: number;
  /** The app instances, "127.0.0.1:port". */
  upstreams: string[];
  certificate: Certificate;
}

export interface RunningProxy {
  logs(): string;
  stop(): Promise<void>;
}

/** Replaces each text once, failing when the shipped file no longer holds it (the test would test nothing). */
function substitute(text: string, replacements: Array<[string | RegExp, string]>): string {
  return replacements.reduce((out, [from, to]) => {
    if (!(typeof from === "string" ? out.includes(from) : from.test(out))) throw new Error(`not in the file: ${from}`);
    return typeof from === "string" ? out.split(from).join(to) : out.replace(from, to);
  }, text);
}

/** deploy/nginx/sacredpath.conf as shipped, on this run's ports, certificate and instances, inside `dir`. */
export function startNginx(setup: ProxySetup): Promise<RunningProxy> {
  const { dir, httpPort, httpsPort, upstreams, certificate } = setup;
  const site = substitute(fs.readFileSync("deploy/nginx/sacredpath.conf", "utf8"), [
    [
      / {4}server 127\.0\.0\.1:3000 (.*);\n {4}server 127\.0\.0\.1:3001 \1;/,
      upstreams.map((u) => `    server ${u} $1;`).join("\n"),
    ],
    ["    listen [::]:80;\n", ""],
    ["    listen [::]:443 ssl http2;\n", ""],
    ["listen 80;", `listen 127.0.0.1:${httpPort};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ["https://sacredpath.example$request_uri", `https://127.0.0.1:${httpsPort}$request_uri`],
    ["/etc/letsencrypt/live/sacredpath.example/fullchain.pem", certificate.cert],
    ["/etc/letsencrypt/live/sacredpath.example/privkey.pem", certificate.key],
    ["sacredpath.example", "127.0.0.1"],
  ]);
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `${name}_temp_path ${dir}/${name};`);
  const main = [
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "worker_processes 1;",
    "events { worker_connections 256; }",
    `http { access_log ${dir}/access.log; ${temp.join(" ")} include ${dir}/site.conf; }`,
  ].join("\n");
  fs.writeFileSync(path.join(dir, "nginx.conf"), main);
  // Workers run as nobody when started by root: they must reach the temporary paths.
  fs.chmodSync(dir, 0o755);
  const child = spawn(
    programPath("nginx") ?? "nginx",
    ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return running(child, setup, () => readIfThere(path.join(dir, "error.log")));
}

/** deploy/Caddyfile as shipped, on this run's ports, certificate and instances, with its state inside `dir`. */
export function startCaddy(setup: ProxySetup): Promise<RunningProxy> {
  const { dir, httpPort, httpsPort, upstreams, certificate } = setup;
  const shipped = substitute(fs.readFileSync("deploy/Caddyfile", "utf8"), [
    [/^sacredpath\.example \{$/m, `127.0.0.1:${httpsPort} {\n\ttls ${certificate.cert} ${certificate.key}`],
    ["http://sacredpath.example {", `http://127.0.0.1:${httpPort} {`],
    ["https://sacredpath.example{uri}", `https://127.0.0.1:${httpsPort}{uri}`],
    ["reverse_proxy 127.0.0.1:3000 127.0.0.1:3001", `reverse_proxy ${upstreams.join(" ")}`],
  ]);
  // This run's own ports, loopback only, no admin endpoint, no HTTP/3 (UDP), nothing installed.
  const globals = [
    "{",
    "\tadmin off",
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    "\tdefault_bind 127.0.0.1",
    `\tstorage file_system ${dir}/data`,
    "\tskip_install_trust",
    "\tservers {\n\t\tprotocols h1 h2\n\t}",
    "}",
  ].join("\n");
  const file = path.join(dir, "Caddyfile");
  fs.writeFileSync(file, `${globals}\n${shipped}`);
  const home = { HOME: dir, XDG_DATA_HOME: path.join(dir, "xdg"), XDG_CONFIG_HOME: path.join(dir, "xdg") };
  const child = spawn(programPath("caddy") ?? "caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: { ...process.env, ...home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return running(child, setup, () => "");
}

function readIfThere(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}

/** Waits (at most 15 s) until the proxy takes connections on both ports; stop() ends it within 5 s. */
async function running(child: ChildProcess, setup: ProxySetup, fileLogs: () => string): Promise<RunningProxy> {
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const logs = () => `${output}${fileLogs()}`;
  const proxy: RunningProxy = {
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${logs()}`);
    if ((await accepts(setup.httpPort)) && (await accepts(setup.httpsPort))) return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`the proxy did not listen within 15 s:\n${logs()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}
