import { Form } from "react-router";
import { FieldError } from "~/components/forms/field";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";

/**
 * An admin resets another account's second factor (decision 007): the person lost their
 * authenticator. It says what goes (passkeys too: two-factor-reset.server.ts) and what follows,
 * which differs for staff (the console asks again) and members (two-factor stays off). The box asks the admin to have checked who is asking, since an email alone is
 * how an impostor would ask.
 */
export function TwoFactorResetForm({
  name,
  staff,
  result,
}: {
  name: string;
  /** Staff must set it up again to open the console; a member may leave it off. */
  staff: boolean;
  result: FormResult | undefined;
}) {
  const mine = result && !result.ok && result.values?.intent === "reset-two-factor";
  const form = useForm({ id: "two-factor-reset", result: mine ? result : undefined });
  const confirm = form.field("confirm");
  return (
    <Form method="post" className="card grid content-start gap-3" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value="reset-two-factor" />
      <h2 className="font-semibold">Two-factor</h2>
      <p className="text-sm text-mist-muted">
        {`For when ${name} has lost their authenticator app, recovery codes or passkeys. Resetting removes their authenticator app, their recovery codes and every passkey they added, and ends every session; their password stays. ${
          staff
            ? "They set up an authenticator app again at their next sign-in, before the console opens."
            : "Their password alone opens their account after this; they may turn two-factor on again from their profile."
        } You and they are both told by email.`}
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="confirm"
          id={confirm.id}
          aria-invalid={confirm.error ? true : undefined}
          aria-describedby={confirm.error ? `${confirm.id}-error` : undefined}
          className="mt-1"
        />
        <span>I have confirmed it is really them asking, in person or by a call, not by email alone.</span>
      </label>
      <FieldError id={`${confirm.id}-error`} className="mt-1" message={confirm.error} />
      <button type="submit" className="btn-ghost justify-self-start" disabled={form.pending}>
        {form.pending ? "Resetting..." : "Reset Two-Factor"}
      </button>
    </Form>
  );
}
