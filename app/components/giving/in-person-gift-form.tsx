import { Form } from "react-router";
import { FieldError, TextField } from "~/components/forms/field";
import type { useForm } from "~/forms/use-form";

/**
 * Admins record a gift given in person: cash or a cheque, on the day it was given, with a receipt
 * emailed when the donor asked for one. A plain post that works without JavaScript.
 */
export function InPersonGiftForm({ form, today }: { form: ReturnType<typeof useForm>; today: string }) {
  const method = form.field("method");
  return (
    <Form method="post" className="card grid max-w-3xl gap-4" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value="record" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field("donorName")} label="Donor's name" autoComplete="off" required />
        <TextField {...form.field("email")} label="Donor's email" type="email" autoComplete="off" required />
        <TextField
          {...form.field("amount")}
          label="Amount in dollars"
          inputMode="numeric"
          hint="Whole dollars, like 50."
          required
        />
        <TextField {...form.field("givenOn")} label="Given on" type="date" max={today} required />
      </div>
      <fieldset>
        <legend className="mb-2 font-medium">How it was given</legend>
        <div className="flex flex-wrap gap-4">
          {(["cash", "cheque"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="method"
                value={value}
                defaultChecked={(method.defaultValue ?? "cash") === value}
                aria-invalid={method.error ? true : undefined}
                aria-describedby={method.error ? `${form.id}-method-error` : undefined}
              />
              {value === "cash" ? "Cash" : "Cheque"}
            </label>
          ))}
        </div>
        <FieldError id={`${form.id}-method-error`} message={method.error} />
      </fieldset>
      <TextField
        {...form.field("chequeNumber")}
        label="Cheque number"
        hint="For a cheque only."
        maxLength={30}
        autoComplete="off"
      />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="sendReceipt"
          defaultChecked={form.wasChecked("sendReceipt")}
          aria-invalid={form.errors.sendReceipt ? true : undefined}
          aria-describedby={form.errors.sendReceipt ? `${form.id}-sendReceipt-error` : undefined}
          className="mt-0.5 h-5 w-5 accent-amber-400"
        />
        Email the donor a receipt (they asked for one)
      </label>
      <FieldError id={`${form.id}-sendReceipt-error`} message={form.errors.sendReceipt} />
      <p className="text-sm text-mist-muted">
        The gift counts in the totals and the CSV at once, and in the donor's giving statement once they link it to
        their account from their confirmed address (their profile offers it).
      </p>
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Saving..." : "Record Gift"}
      </button>
    </Form>
  );
}
