import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";

/*
 * The browser's half of a passkey ceremony: our options (a challenge the server keeps), then the
 * browser's own prompt through @simplewebauthn/browser, loaded only when a passkey is used.
 */

export type PasskeyIntent = "register" | "sign-in" | "second-factor" | "step-up";

type Got = { ok: true; options: unknown } | { ok: false; message: string };

/** A fresh challenge and the options around it, from /passkeys/options. */
export async function passkeyOptions(intent: PasskeyIntent): Promise<Got> {
  try {
    const res = await fetch("/passkeys/options", { method: "POST", body: new URLSearchParams({ ceremony: intent }) });
    const body = await res.json().catch(() => null);
    if (res.ok && body?.ok) return { ok: true, options: body.data.options };
    return { ok: false, message: body?.formError?.description ?? PASSKEY_MESSAGES.failed };
  } catch {
    return { ok: false, message: PASSKEY_MESSAGES.failed };
  }
}

/** The browser makes a passkey for the options; its answer as the JSON our form posts. */
export async function makePasskey(options: unknown): Promise<string> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return JSON.stringify(await startRegistration({ optionsJSON: options as never }));
}

/** The browser signs the options' challenge with a passkey (autofill: offered in the username field). */
export async function signWithPasskey(options: unknown, autofill = false): Promise<string> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return JSON.stringify(await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill }));
}

/** Whether this browser can offer passkeys in the username field's autofill. */
export async function autofillAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}

/** What a refused or cancelled browser prompt means to the person (its error's name). */
export function ceremonyMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return PASSKEY_MESSAGES.cancelled;
  if (name === "InvalidStateError") return PASSKEY_MESSAGES.exists;
  return PASSKEY_MESSAGES.failed;
}
