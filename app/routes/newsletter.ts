import { data } from "react-router";
import { safeErrorMessage } from "~/lib/errors";
import { type FormResult, fieldErrorsOf, formToObject } from "~/lib/forms";
import { hashToken } from "~/lib/tokens.server";
import { getViewer } from "~/modules/accounts/session.server";
import { subscribe } from "~/modules/messages/newsletter.server";
import { HONEYPOT_FIELD, NEWSLETTER_FAILED, NEWSLETTER_INVALID, newsletterSchema } from "~/modules/messages/validation";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/newsletter";

const TOO_MANY = {
  title: "Submission failed",
  description: "Too many sign-ups from this connection. Please try again later.",
};

/** POST only: the sign-up form on the home and thank-you pages posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const limitedIp = await limit(
    context.db,
    { name: "newsletter:ip", limit: 10, windowSeconds: 3600 },
    context.clientIp,
    TOO_MANY,
  );
  if (limitedIp) return limitedIp;
  if (fields[HONEYPOT_FIELD]) return { ok: true } satisfies FormResult;
  const parsed = newsletterSchema.safeParse(fields);
  if (!parsed.success) {
    return data(
      { ok: false, fieldErrors: fieldErrorsOf(parsed.error), formError: NEWSLETTER_INVALID } satisfies FormResult,
      {
        status: 400,
      },
    );
  }
  // Per address too, so nobody can flood one inbox with confirmation emails.
  const limitedEmail = await limit(
    context.db,
    { name: "newsletter:email", limit: 3, windowSeconds: 86_400 },
    hashToken(parsed.data.email), // keyed by a hash: no addresses in the limits table
    TOO_MANY,
  );
  if (limitedEmail) return limitedEmail;
  try {
    const viewer = await getViewer(request, context);
    const ownAddress = viewer?.emailVerified && viewer.email === parsed.data.email;
    await subscribe(context.db, parsed.data.email, context.env.SITE_URL, ownAddress ? viewer.id : null);
  } catch (error) {
    context.logger.error({ err: safeErrorMessage(error) }, "newsletter sign-up failed");
    return data({ ok: false, fieldErrors: {}, formError: NEWSLETTER_FAILED } satisfies FormResult, { status: 503 });
  }
  return { ok: true } satisfies FormResult;
}

export function loader() {
  throw data(null, { status: 404 });
}
