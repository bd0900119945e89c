import { expect } from "vitest";
import { post } from "./accounts";
import type { TestServer } from "./server";
import { createPasskey } from "./webauthn";

/* The passkey steps the HTTP tests repeat: a ceremony's options, and a passkey added on /profile. */

export type PasskeyOptions = { challenge: string; rp: { id: string }; user: { id: string } };

/** The options /passkeys/options gives for a ceremony (with the cookie of a session or a pending sign-in). */
export async function passkeyOptions<T = PasskeyOptions>(
  server: TestServer,
  ceremony: string,
  cookie = "",
): Promise<T> {
  const res = await post(server, "/passkeys/options", cookie, { ceremony });
  expect(res.status, ceremony).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const body = (await res.json()) as { ok: boolean; data: { options: T } };
  return body.data.options;
}

/** The member makes a passkey on /profile, as the browser would after its prompt. */
export async function addPasskeyOn(
  server: TestServer,
  cookie: string,
  name: string,
  origin = server.origin,
  rpId?: string,
) {
  const made = await passkeyOptions(server, "register", cookie);
  const { passkey, response } = createPasskey(rpId ? { ...made, rp: { id: rpId } } : made, origin);
  const res = await post(server, "/profile", cookie, {
    intent: "add-passkey",
    name,
    credential: JSON.stringify(response),
  });
  return { res, passkey, response };
}
