import { type ChildProcess, spawn } from "node:child_process";

export interface Service {
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** A long-running command (a server) started as `bash -c`, ready once `/readyz` answers on `port`. */
export async function startServer(
  command: string,
  cwd: string,
  env: Record<string, string>,
  port: number,
): Promise<Service> {
  // The server replaces the shell (`exec`), after any `cd … &&` before it, so that SIGTERM reaches it.
  const at = command.lastIndexOf("&& ");
  // `env` takes the command's own VAR=value prefixes, which `exec` alone would not.
  const line = at < 0 ? `exec env ${command}` : `${command.slice(0, at + 3)}exec env ${command.slice(at + 3)}`;
  const child: ChildProcess = spawn("bash", ["-c", line], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}
