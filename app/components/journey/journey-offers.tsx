import { AlertTriangle, ChevronDown } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useSignedIn } from "~/components/accounts/use-signed-in";
import { NoticeBox } from "~/components/forms/notice-box";
import { notify } from "~/components/ui/notify";
import { AGREEMENT_REQUIRED, type BookableOffer, type JourneyOffer } from "~/content/journey";
import { applyPathFor } from "~/modules/intake/journey";

/** The booking dialog (with the card fields and the calendar) loads when a session is chosen. */
const BookingDialog = lazy(() =>
  import("~/components/bookings/booking-dialog").then((m) => ({ default: m.BookingDialog })),
);

/**
 * The three journey offers (one expanded at a time), the sacred agreement and Apply: the sessions
 * open the booking dialog, the ceremony leads to its application. Without JavaScript the same
 * form posts to the page's action, which checks the agreement on the server.
 */
export function JourneyOffers({
  serverError,
  offers: journeyOffers,
  agreement: journeyAgreement,
  disclaimer: journeyDisclaimer,
}: {
  serverError: string | null;
  /** The offers' texts come with the page's data, not in its JavaScript (the public page budget). */
  offers: ReadonlyArray<JourneyOffer>;
  agreement: { label: string; text: string };
  disclaimer: string;
}) {
  const navigate = useNavigate();
  const checkboxId = useId();
  const checkbox = useRef<HTMLInputElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(serverError);
  const [booking, setBooking] = useState<BookableOffer | null>(null);
  // A signed-in member's name and email start the dialog's form (the page itself is the same for all).
  const signedIn = useSignedIn();

  // A link such as /start-your-journey#offer-preparation opens that offer.
  useEffect(() => {
    const target = window.location.hash.startsWith("#offer-") ? document.querySelector(window.location.hash) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, []);

  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (!agreed) {
            setError(AGREEMENT_REQUIRED);
            notify("error", "Agreement required", { description: AGREEMENT_REQUIRED });
            checkbox.current?.focus();
            return;
          }
          const chosen = journeyOffers.find((o) => o.id === submitter?.value);
          if (chosen?.booking && (chosen.id === "preparation" || chosen.id === "microdose")) {
            setBooking({ id: chosen.id, title: chosen.title, ...chosen.booking });
            return;
          }
          navigate(applyPathFor(submitter?.value ?? ""));
        }}
      >
        <input type="hidden" name="intent" value="apply" />
        <div className="space-y-4">
          {journeyOffers.map((offer) => (
            <OfferItem key={offer.id} offer={offer} />
          ))}
        </div>

        <div className="card mt-8">
          <div className="flex items-start gap-3">
            <input
              ref={checkbox}
              id={checkboxId}
              type="checkbox"
              name="agreement"
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${checkboxId}-error ${checkboxId}-text` : `${checkboxId}-text`}
              className="mt-1 h-5 w-5 shrink-0 accent-amber-400"
            />
            <div>
              <label htmlFor={checkboxId} className="font-semibold">
                {journeyAgreement.label}
              </label>
              <p id={`${checkboxId}-text`} className="mt-2 text-sm text-mist-muted">
                {journeyAgreement.text} Read the{" "}
                <Link to="/terms-and-privacy" className="text-violet-200 underline underline-offset-4">
                  Terms of Use and Privacy Policy
                </Link>
                .
              </p>
            </div>
          </div>
          {error ? (
            <NoticeBox id={`${checkboxId}-error`} className="mt-4" dense>
              {error}
            </NoticeBox>
          ) : null}
        </div>
        <p className="mt-6 text-sm leading-relaxed text-mist-muted">{journeyDisclaimer}</p>
      </Form>
      {/* Outside the form: React carries the dialog's submit events up its tree, portal or not. */}
      {booking ? (
        <Suspense fallback={null}>
          <BookingDialog offer={booking} booker={signedIn ?? undefined} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function OfferItem({ offer }: { offer: JourneyOffer }) {
  return (
    // Native exclusive accordion: one offer open at a time, with or without JavaScript.
    <details name="journey-offers" id={`offer-${offer.id}`} className="group card scroll-mt-28 p-0">
      <summary className="grid cursor-pointer list-none grid-cols-[1fr_auto] items-center gap-x-4 px-6 py-5 [&::-webkit-details-marker]:hidden">
        <h3 className="font-serif text-2xl font-semibold">{offer.title}</h3>
        <ChevronDown
          className="row-span-2 h-5 w-5 text-gold transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
        <span className="mt-1 text-sm text-mist-muted">
          {offer.subtitle} · {offer.duration} · <span className="text-gold">{offer.donation}</span>
        </span>
      </summary>
      <div className="px-6 pb-6">
        <p className="text-mist">{offer.description}</p>
        <dl className="mt-5 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold tracking-widest text-gold uppercase">Purpose</dt>
            <dd className="mt-1 text-sm text-mist-muted">{offer.purpose}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-widest text-gold uppercase">Location</dt>
            <dd className="mt-1 text-sm text-mist-muted">{offer.location}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-widest text-gold uppercase">Donation</dt>
            <dd className="mt-1 text-sm text-mist-muted">{offer.donation}</dd>
          </div>
        </dl>
        <h4 className="mt-5 font-semibold">Includes</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-mist-muted">
          {offer.includes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-5 flex gap-3 rounded-lg border border-gold/40 bg-gold/10 p-4 text-sm text-mist">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-gold" aria-hidden="true" />
          <span>{offer.warning}</span>
        </p>
        <button type="submit" name="offer" value={offer.id} className="btn-gold mt-6">
          {offer.action}
        </button>
      </div>
    </details>
  );
}
