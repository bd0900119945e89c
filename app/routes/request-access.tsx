import { useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextAreaField, TextField } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { Honeypot } from "~/components/forms/honeypot";
import { notify } from "~/components/ui/notify";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { HONEYPOT_FIELD } from "~/forms/forms";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { submitAccessRequest } from "~/modules/intake/access-requests.server";
import { accessRequestSchema } from "~/modules/intake/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/request-access";

export const headers = publicPageHeaders;

const FAILED = { title: "Unable to submit request. Please try again.", description: "" };
const TOO_MANY = {
  title: "Unable to submit request. Please try again.",
  description: "Several requests came from this connection in a short time. Please wait an hour before trying again.",
};

/** Where a request lands, with or without JavaScript: the page says it arrived, and a reload sends nothing. */
const RECEIVED_PAGE = donePage("/request-access", "received");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Request Sacred Access",
    description:
      "Ask for access to the member area. Temple Keepers read every request and reply within 2-3 business days.",
    keywords: ["membership", "request access", "member area"],
    path: "/request-access",
    image: "invitation",
    noindex: true, // only a form (formOnlyPaths)
  });

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    const limited = await hit(handles.db, RATE_LIMITS.accessRequest, handles.clientIp);
    if (!limited.allowed) {
      return refused(submission, TOO_MANY, 429, { retryAfterSeconds: limited.retryAfterSeconds, rateLimited: true });
    }
    // A bot filled the hidden field: it is told all went well, and nothing is kept.
    if (submission.fields[HONEYPOT_FIELD]) return succeeded(request, { redirectTo: RECEIVED_PAGE });
    const parsed = parse(submission, accessRequestSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const viewer = await getViewer(request, handles);
    const answer = await once(
      handles.db,
      { scope: "request-access", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD },
      async (tx) => {
        await submitAccessRequest(tx, handles.env, parsed.data, viewer?.id ?? null);
        return { redirectTo: RECEIVED_PAGE };
      },
    );
    return succeeded(request, answer);
  });
}

/** The spec's request error: "Unable to submit request. Please try again." when no answer came; the text stays. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

const loadSchema = () => import("~/modules/intake/validation").then((m) => m.accessRequestSchema);

export default function RequestAccess({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // Per the spec: form, submitting, received. "Received" is the page's address, so it also shows without JavaScript.
  if (params.get(OUTCOME_PARAM) === "received") {
    return (
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <PageHero eyebrow="Thank you" title="Request Received">
          A Temple Keeper will read your request and reply within 2-3 business days. We have sent a confirmation to your
          email.
        </PageHero>
        <div className="flex flex-wrap justify-center gap-4">
          {/* Back to an empty form (a new one, with a new one-time key), also without JavaScript. */}
          <Form method="get" action="/request-access">
            <button type="submit" className="btn-gold">
              Submit Another Request
            </button>
          </Form>
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
        <RequestForm result={actionData} />
      </div>
    </div>
  );
}

function RequestForm({ result }: { result: Route.ComponentProps["actionData"] }) {
  const navigate = useNavigate();
  // The spec's access request: one message at a time, the first in the spec's order; it clears on any field change.
  const [quiet, setQuiet] = useState(false);
  const form = useForm({
    id: "access",
    result,
    schema: loadSchema,
    onInvalid: () => setQuiet(false),
    onFailure: () => setQuiet(false),
    onSuccess() {
      notify("success", "Request Submitted", {
        description: "Your access request has been received. We'll review it soon.",
      });
    },
    onSettled: () => navigate(RECEIVED_PAGE, { replace: true }),
  });
  const [firstBad, firstMessage] = Object.entries(form.errors)[0] ?? [];
  const notice = form.formError ? [form.formError.title, form.formError.description].filter(Boolean).join(" ") : null;
  const message = quiet ? null : (firstMessage ?? notice);
  // Only the field the message is about is marked, and it points at the message.
  const mark = (name: string) =>
    message && firstBad === name ? { "aria-invalid": true, "aria-describedby": "access-alert" } : {};

  return (
    <Form
      method="post"
      className="grid gap-5"
      {...form.props}
      onChange={(event) => {
        form.props.onChange(event);
        setQuiet(true);
      }}
    >
      <input {...form.keyField} />
      <div id="access-alert">
        <FormAlert message={message} />
      </div>
      <TextField
        {...form.field("name")}
        id="name"
        error={undefined}
        label="Your name"
        autoComplete="name"
        maxLength={100}
        disabled={form.pending}
        {...mark("name")}
      />
      <TextField
        {...form.field("email")}
        id="email"
        error={undefined}
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        disabled={form.pending}
        {...mark("email")}
      />
      <TextAreaField
        {...form.field("reason")}
        id="reason"
        error={undefined}
        label="Why do you seek access?"
        maxLength={2000}
        className="field min-h-[100px]"
        disabled={form.pending}
        {...mark("reason")}
      />
      <TextAreaField
        {...form.field("experience")}
        id="experience"
        error={undefined}
        label={
          <>
            Prior experience <span className="text-mist-muted">(optional)</span>
          </>
        }
        maxLength={2000}
        className="field min-h-[80px]"
        disabled={form.pending}
        {...mark("experience")}
      />
      <Honeypot />
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Submitting Request..." : "Request Access"}
      </button>
    </Form>
  );
}
