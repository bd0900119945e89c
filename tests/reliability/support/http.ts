import { cookiesOf } from "../../support/accounts";

/**
 * HTTP as a browser on the app's own origin sends it, addressed by base URL so the same calls
 * work against app processes (tests/support/app-process.ts) and in-process test servers.
 */
export interface Target {
  url: string;
}

export function send(
  target: Target,
  path: string,
  body: Record<string, string> | URLSearchParams,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: target.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: body instanceof URLSearchParams ? body : new URLSearchParams(body),
    redirect: "manual",
  });
}

export function read(target: Target, path: string, cookie = "", headers: Record<string, string> = {}) {
  return fetch(`${target.url}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: "manual" });
}

/** Signs in with the real form; returns the session cookie (throws unless the answer is a success). */
export async function signInAt(target: Target, username: string, password: string, headers = {}): Promise<string> {
  const res = await send(
    target,
    "/sacred-access",
    { emailOrUsername: username, password, redirectTo: "" },
    { headers },
  );
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
  await res.arrayBuffer();
  return cookiesOf(res);
}

/** A journal entry as the "New Entry" form posts it (app/components/journal/journal-form). */
export function journalForm(title: string, content: string, emotions: string[] = ["Peace"]) {
  const body = new URLSearchParams({ intent: "create", title, content, intensity: "6", ceremonyContext: "ceremony" });
  for (const e of emotions) body.append("emotions", e);
  body.append("bodySensations", "Warmth");
  return body;
}
