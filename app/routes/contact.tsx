import { Mail } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { Honeypot } from "~/components/forms/honeypot";
import { notify } from "~/components/ui/notify";
import { offerEnquiry } from "~/content/journey";
import { EMAIL_PATTERN } from "~/lib/email";
import { safeErrorMessage } from "~/lib/errors";
import { type FormResult, fieldErrorsOf, formToObject } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { submitContactMessage } from "~/modules/messages/contact.server";
import { CONTACT_REQUIRED, contactSchema, EMAIL_INVALID, HONEYPOT_FIELD } from "~/modules/messages/validation";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/contact";

export const headers = publicPageHeaders;

const MISSING = { title: "Missing Required Fields", description: CONTACT_REQUIRED };
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

/** "Apply" on the journey page leads here with the offer named, until online booking exists. */
export function loader({ request }: Route.LoaderArgs) {
  return { enquiry: offerEnquiry(new URL(request.url).searchParams.get("offer")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const limited = await limit(
    context.db,
    { name: "contact", limit: 5, windowSeconds: 3600 },
    context.clientIp,
    TOO_MANY,
  );
  if (limited) return limited;
  if (fields[HONEYPOT_FIELD]) return { ok: true } satisfies FormResult;
  const parsed = contactSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const missing = Object.values(fieldErrors).includes(CONTACT_REQUIRED);
    return data({ ok: false, fieldErrors, formError: missing ? MISSING : undefined } satisfies FormResult, {
      status: 400,
    });
  }
  try {
    const viewer = await getViewer(request, context);
    await submitContactMessage(context.db, parsed.data, context.env.STAFF_EMAIL, viewer?.id ?? null);
  } catch (error) {
    context.logger.error({ err: safeErrorMessage(error) }, "contact message not stored");
    return data({ ok: false, fieldErrors: {}, formError: NOT_SENT } satisfies FormResult, { status: 503 });
  }
  return { ok: true } satisfies FormResult;
}

export default function Contact() {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submitting = navigation.state === "submitting";
  const { enquiry } = useLoaderData<typeof loader>();
  const serverErrors = result && !result.ok ? result.fieldErrors : {};

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      setSent(true);
      notify("success", "Thank you for reaching out.", {
        description: "We will respond in sacred timing.",
        duration: 5000,
      });
      const timer = setTimeout(() => {
        form.current?.reset();
        setSent(false);
      }, 2000);
      return () => clearTimeout(timer);
    }
    const notice = result.formError ?? NOT_SENT;
    if (result.formError || Object.keys(result.fieldErrors).length === 0) {
      notify("error", notice.title, { description: notice.description });
    }
  }, [result]);

  const checkEmail = (value: string) =>
    setEmailError(value.trim() !== "" && !EMAIL_PATTERN.test(value.trim()) ? EMAIL_INVALID : null);

  const emailMessage = emailError ?? (serverErrors.email !== CONTACT_REQUIRED ? serverErrors.email : undefined);

  return (
    <div className="mx-auto max-w-3xl px-4 sm:px-6">
      <PageHero eyebrow="Contact" title="Write to the Temple Keepers">
        Questions about membership, preparation, integration or giving are all welcome. We reply within about 48 hours.
      </PageHero>
      <div className="card">
        {enquiry ? (
          <p className="mb-6 rounded-lg border border-gold/40 bg-gold/10 p-4 text-sm">{enquiry.note}</p>
        ) : null}
        {result && !result.ok && result.formError ? (
          <div role="alert" className="mb-6 rounded-lg border border-rose-400/50 bg-rose-500/10 p-4">
            <p className="font-semibold text-rose-200">{result.formError.title}</p>
            <p className="text-rose-100">{result.formError.description}</p>
          </div>
        ) : null}
        <Form
          ref={form}
          method="post"
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
            const parsed = contactSchema.safeParse(values);
            if (!parsed.success) {
              const errors = fieldErrorsOf(parsed.error);
              if (Object.values(errors).includes(CONTACT_REQUIRED)) {
                event.preventDefault();
                notify("error", MISSING.title, { description: MISSING.description });
                return;
              }
              if (errors.email) {
                event.preventDefault();
                setEmailError(errors.email);
              }
            }
          }}
        >
          <div>
            <label htmlFor="name" className="mb-2 block font-medium">
              Full name
            </label>
            <input
              id="name"
              name="name"
              required
              maxLength={100}
              autoComplete="name"
              className="field"
              disabled={submitting}
            />
          </div>
          <div>
            <label htmlFor="email" className="mb-2 block font-medium">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              className="field"
              disabled={submitting}
              aria-invalid={emailMessage ? true : undefined}
              aria-describedby={emailMessage ? "email-error" : undefined}
              onChange={(e) => checkEmail(e.currentTarget.value)}
            />
            {emailMessage ? (
              <p id="email-error" className="mt-2 text-sm text-rose-300">
                {emailMessage}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="message" className="mb-2 block font-medium">
              Message
            </label>
            <textarea
              id="message"
              name="message"
              required
              maxLength={5000}
              rows={7}
              defaultValue={enquiry?.message}
              className="field"
              disabled={submitting}
            />
          </div>
          <Honeypot />
          <button
            type="submit"
            className="btn-gold justify-self-start"
            disabled={submitting || sent || Boolean(emailError)}
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {sent ? "Message Sent" : submitting ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </div>
  );
}
