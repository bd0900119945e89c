import { ProfileFormShell, useProfileForm } from "./profile-form";

const loadSchema = () => import("~/modules/passkeys/validation").then((m) => m.renamePasskeySchema);

/**
 * Renaming one of the account's passkeys: one form under the list (which passkey, its new name),
 * so its messages have one place; no browser prompt, so it works without JavaScript too.
 */
export function RenamePasskeyForm({ passkeys }: { passkeys: ReadonlyArray<{ id: string; name: string }> }) {
  const form = useProfileForm("rename-passkey", loadSchema);
  const which = form.field("renamePasskeyId");
  const name = form.field("newPasskeyName");
  return (
    <ProfileFormShell form={form} intent="rename-passkey" className="mb-6 grid max-w-md gap-3">
      <h3 className="font-semibold">Rename a passkey</h3>
      <label htmlFor="renamePasskeyId" className="text-sm font-medium">
        Passkey
      </label>
      <select
        id="renamePasskeyId"
        name="renamePasskeyId"
        defaultValue={which.defaultValue ?? passkeys[0]?.id}
        {...form.control("renamePasskeyId")}
        className="field"
      >
        {passkeys.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <label htmlFor="newPasskeyName" className="text-sm font-medium">
        New name
      </label>
      <input
        id="newPasskeyName"
        name="newPasskeyName"
        defaultValue={name.defaultValue}
        {...form.control("newPasskeyName")}
        maxLength={60}
        className="field"
      />
      <button type="submit" className="btn-ghost justify-self-start" disabled={form.pending}>
        {form.pending ? "Saving..." : "Rename Passkey"}
      </button>
    </ProfileFormShell>
  );
}
