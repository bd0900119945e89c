import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { site } from "../../lib/site";
import { passkeys, type WebauthnPurpose, webauthnChallenges } from "../accounts/passkey-schema";

/*
 * The two WebAuthn ceremonies (W3C Web Authentication Level 2), with @simplewebauthn/server
 * checking the bytes: making a passkey (registration) and using one (authentication). Every
 * challenge is ours, stored for five minutes and claimed once; user verification (the phone's
 * fingerprint or PIN) is required, so a passkey alone is two factors: something held and
 * something known or been.
 */

const CHALLENGE_MS = 5 * 60_000;
/** Enough for a phone, a laptop and a spare key or two; a list longer than this is no one's. */
export const MAX_PASSKEYS = 10;

/** Who the site is to an authenticator: its host and origin, from the request's public origin. */
function relyingParty(request: Request) {
  const url = new URL(request.url);
  return { id: url.hostname, origin: url.origin };
}

async function storeChallenge(db: Db, challenge: string, purpose: WebauthnPurpose, userId: string | null) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
}

/** The challenge a response signed, read from its client data (checked again by the library). */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
    return typeof data.challenge === "string" ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the challenge as it is used: only one response can ever spend it, and only for the
 * ceremony and account it was made for.
 */
async function claimChallenge(db: Db, challenge: string, purpose: WebauthnPurpose, userId: string | null) {
  const claimed = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return claimed.length === 1 && claimed[0]?.userId === userId;
}

const transportsOf = (row: { transports: string }) =>
  row.transports ? (row.transports.split(",") as AuthenticatorTransportFuture[]) : undefined;

/** Options to make a passkey for this account; its own passkeys are excluded (one per authenticator). */
export async function registrationOptions(
  db: Db,
  request: Request,
  account: { id: string; name: string; username: string | null; email: string },
) {
  const rp = relyingParty(request);
  const own = await db.select().from(passkeys).where(eq(passkeys.userId, account.id));
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: rp.id,
    userName: account.username ?? account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "register", account.id);
  return options;
}

export type AddOutcome = { kind: "added"; id: string } | { kind: "invalid" } | { kind: "exists" } | { kind: "full" };

/** Keeps the passkey a browser made for this account, after checking what it signed. */
export async function addPasskey(
  db: Db,
  request: Request,
  accountId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<AddOutcome> {
  const challenge = challengeOf(response);
  if (!challenge || !(await claimChallenge(db, challenge, "register", accountId))) return { kind: "invalid" };
  const rp = relyingParty(request);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return { kind: "invalid" };
  }
  if (!verified.verified || !verified.registrationInfo) return { kind: "invalid" };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const own = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, accountId));
    if (own.length >= MAX_PASSKEYS) return { kind: "full" as const };
    const added = await tx
      .insert(passkeys)
      .values({
        id,
        userId: accountId,
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(","),
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    return added.length === 1 ? { kind: "added" as const, id } : { kind: "exists" as const };
  });
}

/**
 * Options to use a passkey: for signing in, any passkey of this site (the browser offers its own,
 * also as autofill); for the second step of a sign-in, only the passkeys of that account.
 */
export async function authenticationOptions(db: Db, request: Request, forAccount: string | null) {
  const rp = relyingParty(request);
  const own = forAccount ? await db.select().from(passkeys).where(eq(passkeys.userId, forAccount)) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
  });
  await storeChallenge(db, options.challenge, forAccount ? "second-factor" : "sign-in", forAccount);
  return options;
}

/**
 * Checks a used passkey: the challenge was ours and unspent, the passkey is known (and, for a
 * second step, the pending account's), its signature is right, and its counter moved on (a
 * cloned authenticator shows up as a counter that did not). Returns the account it opens.
 */
export async function checkPasskey(
  db: Db,
  request: Request,
  response: AuthenticationResponseJSON,
  forAccount: string | null,
): Promise<{ accountId: string; passkeyId: string } | null> {
  const challenge = challengeOf(response);
  const purpose = forAccount ? "second-factor" : "sign-in";
  if (!challenge || !(await claimChallenge(db, challenge, purpose, forAccount))) return null;
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!row || (forAccount && row.userId !== forAccount)) return null;
  // A discoverable passkey names its account too: it must be the account the passkey belongs to.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== row.userId) return null;
  const rp = relyingParty(request);
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: Buffer.from(row.publicKey, "base64url"),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    await db
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, row.id));
    return { accountId: row.userId, passkeyId: row.id };
  } catch {
    return null;
  }
}
