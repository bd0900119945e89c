import { data } from "react-router";
import { type FormResult, fieldErrorsOf, formToObject, withBlanks } from "~/lib/forms";
import { getViewer } from "~/modules/accounts/session.server";
import { bookSession } from "~/modules/bookings/book.server";
import { BOOKING_MESSAGES } from "~/modules/bookings/messages";
import { bookingSchema } from "~/modules/bookings/validation";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/book";

export interface BookingSummary {
  kind: "confirmed" | "requested" | "redirect";
  url?: string;
  title?: string;
  startsAt?: string;
  email?: string;
}

/** POST only: the booking dialog's submit. Prices come from our offers, never from the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limit(
    context.db,
    { name: "booking:ip", limit: 10, windowSeconds: 3600 },
    context.clientIp,
    BOOKING_MESSAGES.tooMany,
  );
  if (limited) return limited;
  const fields = formToObject(await request.formData());
  const input = withBlanks(fields, bookingSchema);
  const parsed = bookingSchema.safeParse({ ...input, cardLast4: input.cardLast4 || undefined });
  if (!parsed.success) {
    return data(
      { ok: false, fieldErrors: fieldErrorsOf(parsed.error), formError: BOOKING_MESSAGES.missing } satisfies FormResult,
      { status: 400 },
    );
  }
  const viewer = await getViewer(request, context);
  const outcome = await bookSession(context.db, context.env, parsed.data, viewer?.id ?? null);
  switch (outcome.kind) {
    case "confirmed":
    case "requested":
      return {
        ok: true,
        data: {
          kind: outcome.kind,
          title: outcome.booking.offerId === "preparation" ? "Preparation Session" : "The Subtle Path Mentorship",
          startsAt: outcome.booking.startsAt.toISOString(),
          email: outcome.booking.email,
        },
      } satisfies FormResult<BookingSummary>;
    case "redirect":
      return { ok: true, data: { kind: "redirect", url: outcome.url } } satisfies FormResult<BookingSummary>;
    case "missing-card":
      return data({ ok: false, fieldErrors: {}, formError: BOOKING_MESSAGES.missing } satisfies FormResult, {
        status: 400,
      });
    case "taken":
      return data({ ok: false, fieldErrors: {}, formError: BOOKING_MESSAGES.taken } satisfies FormResult, {
        status: 409,
      });
    case "closed":
      return data({ ok: false, fieldErrors: {}, formError: BOOKING_MESSAGES.closed } satisfies FormResult, {
        status: 409,
      });
    default:
      return data({ ok: false, fieldErrors: {}, formError: BOOKING_MESSAGES.failed } satisfies FormResult, {
        status: 402,
      });
  }
}

export function loader() {
  throw data(null, { status: 404 });
}
