import { useState } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/components/forms/honeypot";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/messages";
import { FieldError } from "./field";

/** The schema (zod) loads on first use of the form, keeping it out of every page's first download. */
const loadSchema = () => import("~/modules/newsletter/validation").then((m) => m.newsletterSchema);

/**
 * Newsletter sign-up: idle, "Joining...", then "Joined!" (stays disabled, field cleared). Without
 * JavaScript it posts to /newsletter, which answers with a page; `result` is that page's answer.
 */
export function NewsletterForm({ id = "newsletter", result }: { id?: string; result?: FormResult }) {
  const fetcher = useFetcher<FormResult>();
  const [joined, setJoined] = useState(false);
  const form = useForm({
    id,
    result: fetcher.data ?? result,
    schema: loadSchema,
    fetcher,
    onInvalid() {
      notify("error", NEWSLETTER_MESSAGES.invalid.title, { description: NEWSLETTER_MESSAGES.invalid.description });
    },
    onSuccess(_data, element) {
      setJoined(true);
      element?.reset();
      notify("success", "Welcome to our sacred circle", {
        description:
          "You'll receive updates about ceremonies and teachings. Please confirm from the email we just sent.",
      });
    },
    onFailure(failed) {
      const notice = failed.formError ?? NEWSLETTER_MESSAGES.failed;
      notify("error", notice.title, { description: notice.description });
    },
  });
  const email = form.field("email");
  const notice = form.formError && !email.error ? form.formError : null;

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onFocus={() => void loadSchema()}
      {...form.props}
    >
      <input {...form.keyField} />
      <div className="flex-1">
        <label htmlFor={email.id} className="sr-only">
          Email address
        </label>
        <input
          id={email.id}
          name={email.name}
          defaultValue={email.defaultValue}
          // biome-ignore lint/a11y/noAutofocus: only on a page answering this form's error, where the cursor belongs
          autoFocus={email.autoFocus}
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          className="field"
          aria-invalid={email.error ? true : undefined}
          aria-describedby={email.error || notice ? `${id}-error` : undefined}
          disabled={joined}
        />
        <FieldError
          id={`${id}-error`}
          className="mt-2"
          alert
          message={email.error ?? (notice ? `${notice.title}: ${notice.description}` : null)}
        />
      </div>
      <Honeypot idPrefix={id} />
      <button type="submit" className="btn-gold" disabled={form.pending || joined}>
        {joined ? "Joined!" : form.pending ? "Joining..." : "Join the Circle"}
      </button>
    </fetcher.Form>
  );
}
