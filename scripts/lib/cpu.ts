// What the CPU benchmarks share: the app process's CPU counters, a signed-in member with a few
// weeks of writing, and the median of rounds. Reads /proc, so it runs on Linux.
import fs from "node:fs";

/** The member the CPU benchmarks sign in as (created with createAccounts before the app starts). */
export const cpuMember = {
  name: "Cpu Member",
  email: "cpu@example.org",
  username: "cpumember",
  password: "cpu-member-pass-1",
  role: "member" as const,
};

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** The process's CPU time so far (user + system), in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Signs cpuMember in; the session cookie (`name=value`). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/sacred-access`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ emailOrUsername: cpuMember.username, password: cpuMember.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed (${res.status})`);
  return cookie.split(";")[0] as string;
}

/** A month of a member's writing: thirty journal entries, so the pages show something. */
export async function fill(url: string, cookie: string) {
  const post = async (path: string, body: URLSearchParams) => {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, cookie },
      body,
    });
    if (res.status >= 400) throw new Error(`${path}: ${res.status}`);
  };
  for (let i = 0; i < 30; i++) {
    const body = new URLSearchParams({
      intent: "create",
      title: `Evening ${i}`,
      content: "The light through the window, the breath, the quiet after. ".repeat(4),
      intensity: String((i % 10) + 1),
      ceremonyContext: "meditation",
    });
    body.append("emotions", "Peace");
    await post("/journals", body);
  }
}

/** One GET as the load generator makes it; fails on anything but a 200. */
export async function get(url: string, path: string, cookie?: string) {
  const res = await fetch(`${url}${path}`, { headers: cookie ? { cookie } : {} });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  await res.arrayBuffer();
}
