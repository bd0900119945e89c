import { Form } from "react-router";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import type { ConsoleDone } from "./outcome";

/* The console's bookings page's small forms: each its own form, with its own one-time key. */

type Result = FormResult<ConsoleDone> | undefined;

/** A mentorship request's decision: a form of its own per request, with its own one-time key. */
export function Decide({ id, result }: { id: string; result: Result }) {
  const form = useForm({ id: `decide-${id}`, result });
  return (
    <Form method="post" className="flex gap-2" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="approve"
        className="btn-gold px-4 py-1.5 text-sm"
        disabled={form.pending}
      >
        Approve
      </button>
      <button
        type="submit"
        name="intent"
        value="decline"
        className="btn-ghost px-4 py-1.5 text-sm"
        disabled={form.pending}
      >
        Decline
      </button>
    </Form>
  );
}

export function Reopen({ day, result }: { day: string; result: Result }) {
  const form = useForm({ id: `reopen-${day}`, result });
  return (
    <Form method="post" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="day" value={day} />
      <button type="submit" name="intent" value="unblock" className="text-violet-200 underline">
        Reopen
      </button>
    </Form>
  );
}
