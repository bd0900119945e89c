import { Mail } from "lucide-react";
import { useState } from "react";
import { Form, redirect, useSearchParams } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { PageHero } from "~/components/content/page-hero";
import { TextAreaField, TextField } from "~/components/forms/field";
import { Honeypot } from "~/components/forms/honeypot";
import { NoticeBox } from "~/components/forms/notice-box";
import { notify } from "~/components/ui/notify";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { HONEYPOT_FIELD } from "~/forms/forms";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { EMAIL_PATTERN } from "~/lib/email";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { CONTACT_MESSAGES, isMissingField } from "~/modules/contact/messages";
import { contactSchema } from "~/modules/contact/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/contact";

export const headers = publicPageHeaders;

const MISSING = { title: "Missing Required Fields", description: CONTACT_MESSAGES.required };
const NOT_SENT = {
  title: "Message Not Sent",
  description: "There was an error sending your message. Please try again.",
};
const TOO_MANY = {
  title: "Message Not Sent",
  description: "You have sent several messages in a short time. Please wait an hour before writing again.",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Contact Us",
    description: "Write to the Temple Keepers. We reply within about 48 hours.",
    keywords: ["contact", "congregation", "questions", "membership"],
    path: "/contact",
    image: "contact",
    structuredData: { "@type": "ContactPage", name: "Contact Us" },
  });

/** Old "Apply" links (/contact?offer=…, from before online booking) lead to the booking page. */
export function loader({ request }: Route.LoaderArgs) {
  const offer = new URL(request.url).searchParams.get("offer");
  if (offer === "preparation" || offer === "microdose") throw redirect(`/bookings?offer=${offer}`, 301);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_SENT, handles.logger, async () => {
    const limited = await hit(handles.db, RATE_LIMITS.contact, handles.clientIp);
    if (!limited.allowed) {
      return refused(submission, TOO_MANY, 429, { retryAfterSeconds: limited.retryAfterSeconds, rateLimited: true });
    }
    // A bot filled the hidden field: it is told all went well, and nothing is kept.
    if (submission.fields[HONEYPOT_FIELD]) return succeeded(request, { redirectTo: SENT_PAGE });
    const parsed = parse(submission, contactSchema);
    if (!parsed.ok) {
      const missing = Object.values(parsed.fieldErrors).some(isMissingField);
      return invalid(submission, parsed.fieldErrors, missing ? MISSING : undefined);
    }
    const viewer = await getViewer(request, handles);
    const answer = await once(
      handles.db,
      { scope: "contact", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD },
      async (tx) => {
        const { urgent } = await submitContactMessage(tx, handles.env, parsed.data, viewer?.id ?? null);
        // Words of harm or danger: the page that says it arrived also shows crisis lines.
        return urgent ? { redirectTo: CARE_PAGE, data: { care: true } } : { redirectTo: SENT_PAGE };
      },
    );
    return succeeded(request, answer);
  });
}

/** Without JavaScript a sent message lands here: the page says it arrived, and a reload sends nothing. */
const SENT_PAGE = donePage("/contact", "sent");
/** Sent, with words of harm or danger in it: the thanks comes with the crisis lines. */
const CARE_PAGE = donePage("/contact", "care");

/** The spec's contact failure notice, shown when no answer came (the connection dropped); the text stays. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_SENT);

const loadSchema = () => import("~/modules/contact/validation").then((m) => m.contactSchema);

export default function Contact({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [care, setCare] = useState(false);
  const form = useForm<{ care?: boolean }>({
    id: "contact",
    result,
    schema: loadSchema,
    onInvalid(errors) {
      if (Object.values(errors).some(isMissingField)) {
        notify("error", MISSING.title, { description: MISSING.description });
      }
    },
    onSuccess(data, element) {
      setSent(true);
      if (data?.care) setCare(true);
      thank();
      setTimeout(() => {
        element?.reset();
        setSent(false);
      }, 2000);
    },
    onFailure(failed) {
      const notice = failed.formError ?? NOT_SENT;
      if (failed.formError || Object.keys(failed.fieldErrors).length === 0) {
        notify("error", notice.title, { description: notice.description });
      }
    },
  });
  // Without JavaScript the redirect after sending lands here with ?done=: the same thanks, on the page.
  const done = result ? null : params.get(OUTCOME_PARAM);
  const arrived = done === "sent" || done === "care";

  const checkEmail = (value: string) =>
    setEmailError(value.trim() !== "" && !EMAIL_PATTERN.test(value.trim()) ? CONTACT_MESSAGES.emailInvalid : null);
  // Each field says its own message (an empty one too); the notice above says SPEC.md's words for them all.
  const fieldError = (name: string) => form.errors[name];
  const email = form.field("email");
  const emailMessage = emailError ?? fieldError("email");

  return (
    <div className="mx-auto max-w-3xl px-4 sm:px-6">
      <PageHero eyebrow="Contact" title="Write to the Temple Keepers">
        Questions about membership, preparation, integration or giving are all welcome. We reply within about 48 hours.
      </PageHero>
      <div className="card">
        {care || done === "care" ? (
          <div className="mb-6">
            <CrisisResources />
          </div>
        ) : null}
        {arrived ? (
          <NoticeBox
            tone="success"
            notice={{ title: "Thank you for reaching out.", description: "We will respond in sacred timing." }}
            className="mb-6"
          />
        ) : null}
        {form.formError ? <NoticeBox notice={form.formError} className="mb-6" /> : null}
        <Form method="post" className="grid gap-5" {...form.props}>
          <input {...form.keyField} />
          <TextField
            {...form.field("name")}
            label="Full name"
            error={fieldError("name")}
            required
            maxLength={100}
            autoComplete="name"
            disabled={form.pending}
            aria-invalid={form.errors.name ? true : undefined}
          />
          <TextField
            {...email}
            label="Email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            disabled={form.pending}
            error={emailMessage}
            aria-invalid={emailMessage || form.errors.email ? true : undefined}
            onChange={(event) => checkEmail(event.currentTarget.value)}
          />
          <TextAreaField
            {...form.field("message")}
            label="Message"
            error={fieldError("message")}
            aria-invalid={form.errors.message ? true : undefined}
            required
            maxLength={5000}
            rows={7}
            className="field"
            disabled={form.pending}
          />
          <Honeypot />
          <button
            type="submit"
            className="btn-gold justify-self-start"
            disabled={form.pending || sent || Boolean(emailError)}
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {sent ? "Message Sent" : form.pending ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The spec's success notice: the thanks after sending, for five seconds. */
function thank() {
  notify("success", "Thank you for reaching out.", {
    description: "We will respond in sacred timing.",
    duration: 5000,
  });
}
