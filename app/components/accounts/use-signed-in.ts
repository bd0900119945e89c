import { useEffect, useState } from "react";

/** The signed-in member's name and email, as /me tells them. */
export interface SignedIn {
  name: string;
  email: string;
}

/**
 * The signed-in member, or null: known only in the browser, after the page has loaded, from /me (a
 * per-person answer no cache keeps). Shared public pages stay the same for everyone (their cached
 * HTML never holds anyone's details) and fill in from this. `undefined` while asking.
 */
export function useSignedIn(): SignedIn | null | undefined {
  const [member, setMember] = useState<SignedIn | null | undefined>(undefined);
  useEffect(() => {
    const asking = new AbortController();
    fetch("/me", { credentials: "same-origin", cache: "no-store", signal: asking.signal })
      .then((answer) => (answer.ok ? answer.json() : { member: null }))
      .then((body: { member: SignedIn | null }) => setMember(body.member))
      .catch(() => {
        // Left or offline: the page works as for a visitor.
        if (!asking.signal.aborted) setMember(null);
      });
    return () => asking.abort();
  }, []);
  return member;
}

/**
 * Puts `value` into the form's field `name` when it is empty: what the person typed, or what came
 * back with an error, is never replaced.
 */
export function fillIfEmpty(form: HTMLFormElement | null, name: string, value: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLInputElement && field.value === "") field.value = value;
}
