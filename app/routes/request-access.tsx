import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { Honeypot } from "~/components/forms/honeypot";
import { notify } from "~/components/ui/notify";
import { safeErrorMessage } from "~/lib/errors";
import { type FormResult, firstError, formToObject } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { submitAccessRequest } from "~/modules/intake/access-requests.server";
import { accessRequestSchema } from "~/modules/intake/validation";
import { HONEYPOT_FIELD } from "~/modules/messages/validation";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/request-access";

export const headers = publicPageHeaders;

const FAILED = { title: "Unable to submit request. Please try again.", description: "" };
const TOO_MANY = {
  title: "Unable to submit request. Please try again.",
  description: "Several requests came from this connection in a short time. Please wait an hour before trying again.",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Request Sacred Access",
    description:
      "Ask for access to the member area. Temple Keepers read every request and reply within 2-3 business days.",
    keywords: ["membership", "request access", "member area"],
    path: "/request-access",
    image: "invitation",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const limited = await limit(
    context.db,
    { name: "access-request", limit: 3, windowSeconds: 3600 },
    context.clientIp,
    TOO_MANY,
  );
  if (limited) return limited;
  if (fields[HONEYPOT_FIELD]) return { ok: true } satisfies FormResult;
  const parsed = accessRequestSchema.safeParse(fields);
  if (!parsed.success) {
    const message = firstError(accessRequestSchema, fields) ?? "";
    return data({ ok: false, fieldErrors: { form: message } } satisfies FormResult, { status: 400 });
  }
  try {
    const viewer = await getViewer(request, context);
    await submitAccessRequest(context.db, parsed.data, context.env.STAFF_EMAIL, viewer?.id ?? null);
  } catch (error) {
    context.logger.error({ err: safeErrorMessage(error) }, "access request not stored");
    return data({ ok: false, fieldErrors: {}, formError: FAILED } satisfies FormResult, { status: 503 });
  }
  return { ok: true } satisfies FormResult;
}

export default function RequestAccess() {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  // Seeded from the action's answer so the message also renders without JavaScript.
  const [error, setError] = useState<string | null>(() =>
    result && !result.ok ? (result.fieldErrors.form ?? result.formError?.title ?? null) : null,
  );
  const [received, setReceived] = useState(false);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      setReceived(true);
      notify("success", "Request Submitted", {
        description: "Your access request has been received. We'll review it soon.",
      });
    } else if (result.formError) {
      setError([result.formError.title, result.formError.description].filter(Boolean).join(" "));
    } else {
      setError(result.fieldErrors.form ?? null);
    }
  }, [result]);

  if (received) {
    return (
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <PageHero eyebrow="Thank you" title="Request Received">
          A Temple Keeper will read your request and reply within 2-3 business days. We have sent a confirmation to your
          email.
        </PageHero>
        <div className="flex flex-wrap justify-center gap-4">
          <button type="button" className="btn-gold" onClick={() => setReceived(false)}>
            Submit Another Request
          </button>
          <Link to="/sacred-access" className="btn-ghost">
            Back to Login
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero eyebrow="Membership" title="Request Sacred Access">
        Tell us a little about yourself. Every request is read by a person; not every request is approved.
      </PageHero>
      <div className="card">
        <Form
          ref={form}
          method="post"
          noValidate
          className="grid gap-5"
          onChange={() => setError(null)}
          onSubmit={(event) => {
            const message = firstError(accessRequestSchema, formToObject(new FormData(event.currentTarget)));
            if (message) {
              event.preventDefault();
              setError(message);
            }
          }}
        >
          {error ? (
            <p role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-4 text-rose-100">
              {error}
            </p>
          ) : null}
          <div>
            <label htmlFor="name" className="mb-2 block font-medium">
              Your name
            </label>
            <input id="name" name="name" autoComplete="name" maxLength={100} className="field" disabled={submitting} />
          </div>
          <div>
            <label htmlFor="email" className="mb-2 block font-medium">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              className="field"
              disabled={submitting}
            />
          </div>
          <div>
            <label htmlFor="reason" className="mb-2 block font-medium">
              Why do you seek access?
            </label>
            <textarea
              id="reason"
              name="reason"
              maxLength={2000}
              className="field min-h-[100px]"
              disabled={submitting}
            />
          </div>
          <div>
            <label htmlFor="experience" className="mb-2 block font-medium">
              Prior experience <span className="text-mist-muted">(optional)</span>
            </label>
            <textarea
              id="experience"
              name="experience"
              maxLength={2000}
              className="field min-h-[80px]"
              disabled={submitting}
            />
          </div>
          <Honeypot />
          <button type="submit" className="btn-gold justify-self-start" disabled={submitting}>
            {submitting ? "Submitting Request..." : "Request Access"}
          </button>
        </Form>
      </div>
    </div>
  );
}
