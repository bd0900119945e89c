import { Fingerprint } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { FormAlert } from "~/components/forms/form-alert";
import { ceremonyMessage, makePasskey, passkeyOptions } from "~/components/passkeys/webauthn-client";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { WhatIsThis } from "../help/what-is-this";
import { ButtonForm, ProfileFormShell, useProfileForm } from "./profile-form";
import { RenamePasskeyForm } from "./rename-passkey-form";

const loadSchema = () => import("~/modules/passkeys/validation").then((m) => m.addPasskeySchema);

export interface PasskeyRow {
  id: string;
  name: string;
  added: string;
  lastUsed: string | null;
  synced: boolean;
}

/**
 * The account's passkeys: each with its name, when it was added and last used, and a button to
 * remove it; renaming one; and adding one, which needs the browser's prompt (so JavaScript). Recommended for
 * staff: a passkey works only on this site, so a copied sign-in page gets nothing from it.
 */
export function PasskeysCard({ passkeys, staff }: { passkeys: ReadonlyArray<PasskeyRow>; staff: boolean }) {
  // The passkey just added takes focus (use-form.ts): the list is oldest first, so it is the last.
  // Asked of the document: the card is drawn anew as the page moves on.
  const form = useProfileForm("add-passkey", loadSchema, undefined, () =>
    document.querySelector("#passkeys-list > li:last-child"),
  );
  // A refused removal (the last passkey two-factor asks for, one no longer there) is said here, by the list.
  const removal = useProfileForm("remove-passkey");
  const hydrated = useHydrated();
  const credential = useRef<HTMLInputElement>(null);
  const [ceremony, setCeremony] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  /** The passkey the browser made, as JSON, while the form carries it. */
  const [made, setMade] = useState("");
  const name = form.field("name");

  /** First the browser's prompt, then the form goes as any other with the passkey it made. */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = credential.current;
    if (!input) return;
    // The second pass, with the passkey made: the pipeline reads the form, then the field is
    // emptied so a refused passkey is never sent again (the next press makes a new one).
    if (input.value) return form.props.onSubmit(event).finally(() => setMade(""));
    event.preventDefault();
    const formElement = event.currentTarget;
    setCeremony({ busy: true, error: null });
    const got = await passkeyOptions("register");
    if (!got.ok) return setCeremony({ busy: false, error: got.message });
    let json: string;
    try {
      json = await makePasskey(got.options);
    } catch (error) {
      return setCeremony({ busy: false, error: ceremonyMessage(error) });
    }
    // Rendered into the field before the form is sent again (a hidden input's value is its markup).
    flushSync(() => {
      setMade(json);
      setCeremony({ busy: false, error: null });
    });
    formElement.requestSubmit();
  }

  return (
    <section id="passkeys" aria-labelledby="passkeys-title" className="card scroll-mt-24">
      <h2 id="passkeys-title" className="mb-3 flex items-center gap-3 font-serif text-2xl font-semibold">
        <Fingerprint aria-hidden className="text-gold" />
        Passkeys
      </h2>
      <WhatIsThis topic="passkeys" className="mb-4" />
      <p className="mb-5 text-mist-muted">
        A passkey signs you in with your phone's or computer's own lock (fingerprint, face or PIN) instead of your
        password and code. It works only on this site, so a copied sign-in page gets nothing from it.
        {staff ? " Recommended for Temple Keepers: it counts as the second factor." : ""}
      </p>
      <FormAlert {...removal.alert} />
      {passkeys.length > 0 ? (
        <ul id="passkeys-list" className="mb-6 grid gap-3">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-300/15 p-3"
            >
              <span>
                <span className="block font-medium">{p.name}</span>
                <span className="block text-sm text-mist-muted">
                  Added {p.added} · {p.lastUsed ? `last used ${p.lastUsed}` : "not used yet"}
                  {p.synced ? " · synced between your devices" : ""}
                </span>
              </span>
              <ButtonForm
                intent="remove-passkey"
                hidden={{ passkeyId: p.id }}
                alert={false}
                buttonClassName="text-sm text-violet-200 underline underline-offset-4 hover:text-gold"
              >
                Remove {p.name}
              </ButtonForm>
            </li>
          ))}
        </ul>
      ) : null}
      {passkeys.length > 0 ? <RenamePasskeyForm passkeys={passkeys} /> : null}
      {/* Kept in its place, unseen, until the app runs (nothing moves when it appears); without
          scripts it takes no place, and the line below says why (app.css, .js-only and .no-js-only). */}
      <ProfileFormShell
        form={{ ...form, props: { ...form.props, onSubmit } }}
        intent="add-passkey"
        className={hydrated ? "grid max-w-md gap-3" : "js-only invisible grid max-w-md gap-3"}
      >
        <h3 className="font-semibold">Add a passkey</h3>
        <FormAlert id="passkey-ceremony" message={ceremony.error} />
        <input ref={credential} type="hidden" name="credential" value={made} />
        <label htmlFor="passkeyName" className="text-sm font-medium">
          Name for the new passkey
        </label>
        <input
          id="passkeyName"
          name="name"
          defaultValue={name.defaultValue}
          {...form.control("name")}
          maxLength={60}
          placeholder="Phone"
          className="field"
        />
        <button
          type="submit"
          className="btn-ghost justify-self-start"
          disabled={!hydrated || form.pending || ceremony.busy}
        >
          {form.pending || ceremony.busy ? "Waiting for your device..." : "Add a Passkey"}
        </button>
      </ProfileFormShell>
      <p className="no-js-only text-sm text-mist-muted">{PASSKEY_MESSAGES.needsScript}</p>
    </section>
  );
}
