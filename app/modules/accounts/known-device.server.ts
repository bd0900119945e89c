import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import type { RequestHandles } from "../../handles";
import { authFor } from "./auth.server";

/*
 * A browser an account signed in from before (decision 007): a long-lived cookie with a random
 * device id and an HMAC binding it to that account under the auth secret. It proves nothing about
 * the person (the password still does); it gives that browser a guessing budget of its own for the
 * account, so failures from other addresses, however many, cannot lock its owner out. A cookie of
 * another account, or one changed by hand, counts as an unknown device.
 */

const YEAR_SECONDS = 365 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const secureSite = (context: RequestHandles) => context.env.SITE_URL.startsWith("https://");
const cookieName = (context: RequestHandles) => `${secureSite(context) ? "__Host-sacred" : "sacred"}.known_device`;

async function signature(context: RequestHandles, userId: string, deviceId: string): Promise<Buffer> {
  const { secret } = await authFor(context.db, context.env).$context;
  return createHmac("sha256", secret).update(`known-device|${userId}|${deviceId}`).digest();
}

/** The cookie's device id and signature, if it has the shape of one. */
function deviceCookie(request: Request, context: RequestHandles): { id: string; signature: string } | null {
  const value = parseCookies(request.headers.get("cookie") ?? "").get(cookieName(context));
  const [id = "", sig = "", ...rest] = (value ?? "").split(".");
  return DEVICE_ID.test(id) && sig && rest.length === 0 ? { id, signature: sig } : null;
}

/** The device id when this browser signed in to `userId` before (its cookie verifies), else null. */
export async function knownDevice(request: Request, context: RequestHandles, userId: string): Promise<string | null> {
  const cookie = deviceCookie(request, context);
  if (!cookie) return null;
  const expected = await signature(context, userId, cookie.id);
  const given = Buffer.from(cookie.signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? cookie.id : null;
}

/** The Set-Cookie that remembers this browser for `userId` (keeping its device id when it had one). */
export async function rememberDevice(request: Request, context: RequestHandles, userId: string): Promise<string> {
  const id = deviceCookie(request, context)?.id ?? randomBytes(16).toString("base64url");
  const value = `${id}.${(await signature(context, userId, id)).toString("base64url")}`;
  const secure = secureSite(context) ? "; Secure" : "";
  return `${cookieName(context)}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
