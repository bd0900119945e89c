import { Fingerprint } from "lucide-react";
import { useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  autofillAvailable,
  ceremonyMessage,
  type PasskeyIntent,
  passkeyOptions,
  signWithPasskey,
} from "./webauthn-client";

/**
 * "Sign in with a passkey" (or, at the second step, "Use a passkey"): the browser's own prompt,
 * then a post of what the passkey signed to this page's action (intent "passkey"), where the
 * server checks it. With `autofill`, the browser also offers the site's passkeys in the username
 * field as it is focused (conditional mediation), where it can. Shown only once the app runs:
 * without JavaScript there is no prompt to ask.
 */
export function PasskeySignIn(props: {
  intent: Exclude<PasskeyIntent, "register">;
  label: string;
  redirectTo: string;
  autofill?: boolean;
}) {
  const { intent, redirectTo, autofill = false } = props;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => {
    if (!autofill || !hydrated) return;
    let live = true;
    (async () => {
      if (!(await autofillAvailable())) return;
      const got = await passkeyOptions(intent);
      if (!got.ok || !live) return;
      // Waits quietly until a passkey is picked from the username field's list (or a button prompt replaces it).
      const credential = await signWithPasskey(got.options, true).catch(() => null);
      if (credential && live) submit({ intent: "passkey", credential, redirectTo }, { method: "post" });
    })();
    return () => {
      live = false;
    };
  }, [autofill, hydrated, intent, redirectTo, submit]);

  async function prompt() {
    setState({ busy: true, error: null });
    const got = await passkeyOptions(intent);
    if (!got.ok) return setState({ busy: false, error: got.message });
    try {
      const credential = await signWithPasskey(got.options);
      setState({ busy: false, error: null });
      submit({ intent: "passkey", credential, redirectTo }, { method: "post" });
    } catch (error) {
      setState({ busy: false, error: ceremonyMessage(error) });
    }
  }

  // Until the app runs, the button keeps its place unseen (and takes none without scripts): its
  // arrival moves nothing on the page (tests/e2e/public-pages.test.ts measures it).
  return (
    <div className={hydrated ? "grid gap-3" : "js-only invisible grid gap-3"}>
      <FormAlert id={`${intent}-passkey-alert`} message={state.error} />
      <button type="button" className="btn-ghost justify-center" onClick={prompt} disabled={!hydrated || state.busy}>
        <Fingerprint aria-hidden className="size-4" />
        {state.busy ? "Waiting for your device..." : props.label}
      </button>
    </div>
  );
}
