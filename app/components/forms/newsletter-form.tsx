import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/components/forms/honeypot";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/lib/forms";
import { NEWSLETTER_FAILED, NEWSLETTER_INVALID } from "~/modules/messages/messages";

/** The schema (zod) loads on first use of the form, keeping it out of every page's first download. */
const loadSchema = () => import("~/modules/messages/validation").then((m) => m.newsletterSchema);

/** Newsletter sign-up: idle, "Joining...", then "Joined!" (stays disabled, field cleared). */
export function NewsletterForm({ id = "newsletter" }: { id?: string }) {
  const fetcher = useFetcher<FormResult>();
  const [joined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      setJoined(true);
      if (input.current) input.current.value = "";
      notify("success", "Welcome to our sacred circle", {
        description:
          "You'll receive updates about ceremonies and teachings. Please confirm from the email we just sent.",
      });
    } else {
      const notice = result.formError ?? NEWSLETTER_FAILED;
      setError(result.fieldErrors.email ?? null);
      notify("error", notice.title, { description: notice.description });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onFocus={() => void loadSchema()}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const email = input.current?.value ?? "";
        void loadSchema().then((schema) => {
          if (schema.safeParse({ email }).success) return fetcher.submit(form);
          setError(NEWSLETTER_INVALID.description);
          notify("error", NEWSLETTER_INVALID.title, { description: NEWSLETTER_INVALID.description });
        });
      }}
    >
      <div className="flex-1">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          className="field"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={() => setError(null)}
          disabled={joined}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-2 text-sm text-rose-300">
            {error}
          </p>
        ) : null}
      </div>
      <Honeypot idPrefix={id} />
      <button type="submit" className="btn-gold" disabled={submitting || joined}>
        {joined ? "Joined!" : submitting ? "Joining..." : "Join the Circle"}
      </button>
    </fetcher.Form>
  );
}
