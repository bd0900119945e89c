import { useFetcher } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { CIRCLE_MESSAGES } from "~/modules/circles/messages";
import type { SignupStatus } from "~/modules/circles/signups.server";

type Answer = FormResult<{ done?: keyof typeof CIRCLE_MESSAGES.done }>;

/**
 * Join or leave one circle: a post to the circle's page. Without JavaScript the browser lands on that
 * page, which says what happened; with it the member stays where they are (the calendar), the page's
 * data is read again and a toast says it; a refusal or a lost connection is said under the button.
 * Its own one-time key, so a double click takes one place.
 */
export function JoinForm({
  circle,
  result,
}: {
  circle: { id: number; placesLeft: number; status: SignupStatus | null };
  /** The page's answer to a post without JavaScript (the circle's own page). */
  result?: Answer;
}) {
  const path = `/circles/${circle.id}`;
  const fetcher = useFetcher<Answer>();
  const form = useForm<{ done?: keyof typeof CIRCLE_MESSAGES.done }>({
    id: `join-${circle.id}`,
    result: fetcher.data ?? result,
    fetcher,
    action: path,
    onSuccess: (data) => {
      if (data?.done) notify("success", CIRCLE_MESSAGES.done[data.done]);
    },
  });
  const joined = circle.status === "attending" || circle.status === "waitlisted";
  const label = joined
    ? circle.status === "attending"
      ? "Give Up My Place"
      : "Leave the Waitlist"
    : circle.placesLeft > 0
      ? "Join This Circle"
      : "Join the Waitlist";
  return (
    <fetcher.Form method="post" action={path} className="grid justify-items-start gap-3" {...form.props}>
      <input {...form.keyField} />
      <button
        type="submit"
        name="intent"
        value={joined ? "leave" : "join"}
        className={joined ? "btn-ghost" : "btn-gold"}
        disabled={form.pending}
      >
        {form.pending ? "Saving..." : label}
      </button>
      {fetcher.data ? <FormAlert message={form.formError?.description ?? null} /> : null}
    </fetcher.Form>
  );
}
