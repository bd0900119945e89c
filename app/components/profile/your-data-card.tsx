import { PasswordInput } from "../forms/password-input";
import { WhatIsThis } from "../help/what-is-this";
import { type ProfileForm, ProfileFormShell } from "./profile-form";

/** The member's own data: the whole of it as one JSON file, and deleting the account (password and a tick). */
export function YourDataCard({ form }: { form: ProfileForm }) {
  return (
    <section id="your-data" aria-labelledby="data-title" className="card scroll-mt-24">
      <h2 id="data-title" className="mb-3 font-serif text-2xl font-semibold">
        Your Data
      </h2>
      <p className="text-mist-muted">
        Download everything we hold about you as one file, or delete your account. Deleting removes your profile,
        medical record and sign-in for good; records the law requires us to keep (payments) stay, without any health
        information.
      </p>
      <WhatIsThis topic="your-data" />
      <a href="/profile/export" className="btn-ghost mt-4" download>
        Download my data (JSON)
      </a>
      <ProfileFormShell form={form} intent="delete" className="mt-6 grid max-w-md gap-3">
        <h3 className="font-semibold">Delete my account</h3>
        <WhatIsThis topic="delete-account" className="" />
        <label htmlFor="deletePassword" className="text-sm font-medium">
          Your password
        </label>
        <PasswordInput
          id="deletePassword"
          name="currentPassword"
          aria-invalid={form.errors.currentPassword ? true : undefined}
          autoComplete="current-password"
          maxLength={128}
        />
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="confirm"
            aria-invalid={form.errors.confirm ? true : undefined}
            className="mt-0.5 h-5 w-5 accent-rose-500"
          />
          I understand that this cannot be undone.
        </label>
        <button
          type="submit"
          disabled={form.pending}
          className="justify-self-start rounded-full border border-rose-400/60 px-6 py-3 font-medium text-rose-100 hover:bg-rose-500/10"
        >
          {form.pending ? "Deleting..." : "Delete My Account"}
        </button>
      </ProfileFormShell>
    </section>
  );
}
