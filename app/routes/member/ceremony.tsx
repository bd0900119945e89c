import { CheckCircle2, Circle } from "lucide-react";
import { data, Form, Link } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDate, formatSlot, formatTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { pastCeremonies } from "~/modules/ceremonies/aftercare.server";
import { DOCUMENT_KINDS, DOCUMENTS } from "~/modules/ceremonies/documents";
import { CEREMONY_DONE, CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import { answerInvitation, memberPlaces, signedDocuments } from "~/modules/ceremonies/places.server";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/ceremony";

export const meta: Route.MetaFunction = () => privateMeta("Your ceremony");

const NOT_SAVED = { title: "Not saved", description: "Your answer could not be saved. Please try again." };

/** The member's invitations and places, each accepted one with its readiness packet; nothing while paused. */
export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  if (!ceremoniesOpen(handles.env)) return { open: false as const, places: [], past: [] };
  const [rows, held] = await Promise.all([memberPlaces(handles.db, viewer.id), pastCeremonies(handles.db, viewer.id)]);
  const zone = viewer.timezone;
  const past = held.map(({ day, attended }) => ({
    id: day.id,
    when: formatDate(day.startsAt, zone),
    place: day.place,
    times:
      attended?.arrivedAt && attended.departedAt
        ? `You arrived at ${formatTime(attended.arrivedAt, zone)} and left at ${formatTime(attended.departedAt, zone)}.`
        : null,
  }));
  const places = await Promise.all(
    rows.map(async ({ place, day, preparation }) => {
      const signed =
        place.status === "accepted" || place.status === "confirmed" ? await signedDocuments(handles.db, place.id) : [];
      return {
        id: place.id,
        status: place.status,
        place: day.place,
        when: `${formatSlot(day.startsAt, viewer.timezone)} to ${formatTime(day.endsAt, viewer.timezone)}`,
        signed: signed.map((d) => d.kind),
        preparation: preparation
          ? `${formatSlot(preparation.startsAt, viewer.timezone)} with ${preparation.keeperName}${preparation.heldAt ? " (held)" : ""}`
          : null,
      };
    }),
  );
  return { open: true as const, places, past };
}

/** Accepting or declining an invitation: once per one-time key; only the member's own, while open. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  if (!ceremoniesOpen(handles.env)) throw data(null, { status: 404 });
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_SAVED, handles.logger, async () => {
    const intent = submission.fields.intent;
    switch (intent) {
      case "accept":
      case "decline":
        break;
      default:
        return unknownForm(submission);
    }
    const placeId = serialId(submission.fields.placeId) ?? 0;
    const answer = await once(
      handles.db,
      { scope: "ceremony.answer", key: submission.key, ownerId: viewer.id, subject: `place:${placeId}` },
      async (tx) => {
        const outcome = await answerInvitation(tx, viewer.id, placeId, intent === "accept");
        if (outcome === "missing") throw data(null, { status: 404 });
        if (outcome === "answered-already" || outcome === "closed") {
          const description = outcome === "closed" ? CEREMONY_MESSAGES.cancelled : CEREMONY_MESSAGES.notInvited;
          throw new FormRefusal(refused(submission, { title: "Not saved", description }, 409));
        }
        return { redirectTo: donePage("/ceremony", outcome) };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_SAVED);

export default function Ceremony({ loaderData, actionData }: Route.ComponentProps) {
  const form = useForm({ id: "ceremony-answer", result: actionData });
  return (
    <article className="mx-auto max-w-3xl py-10">
      <h1 className="font-serif text-4xl font-semibold">Your ceremony</h1>
      {!loaderData.open ? (
        <p className="card mt-6">{CEREMONY_MESSAGES.notOffered}</p>
      ) : (
        <>
          <p className="mt-3 text-mist-muted">
            Your invitations and places, and for each place you accept, the readiness packet to read and sign before the
            day. What you write is sealed; only the facilitators who need it for your safety read it.
          </p>
          <FormOutcome
            messages={{ accepted: CEREMONY_DONE.accepted, declined: CEREMONY_DONE.declined }}
            className="mt-6"
          />
          <div className="mt-6 empty:hidden">
            <FormAlert message={form.formError?.description ?? null} />
          </div>
          {loaderData.past.length > 0 ? (
            <section aria-labelledby="past-h" className="card mt-6">
              <h2 id="past-h" className="font-serif text-2xl font-semibold">
                Your ceremonies
              </h2>
              <ul className="mt-3 grid gap-3">
                {loaderData.past.map((c) => (
                  <li key={c.id}>
                    <span className="font-semibold">{c.when}</span>
                    {`, ${c.place}. `}
                    {c.times}
                  </li>
                ))}
              </ul>
              <p className="mt-4">
                <Link to="/integration" className="text-violet-200 underline underline-offset-4 hover:text-gold">
                  Record an integration session
                </Link>{" "}
                about what stays with you, and keep writing in your{" "}
                <Link to="/journals" className="text-violet-200 underline underline-offset-4 hover:text-gold">
                  journal
                </Link>
                .
              </p>
            </section>
          ) : null}
          {loaderData.places.length === 0 && loaderData.past.length === 0 ? (
            <p className="card mt-6">
              You hold no invitation now. Once the Temple Keepers invite you to a ceremony day, it is here.
            </p>
          ) : null}
          {loaderData.places.map((p) => (
            <section key={p.id} aria-labelledby={`place-${p.id}`} className="card mt-6">
              <h2 id={`place-${p.id}`} className="font-serif text-2xl font-semibold">
                {p.when}
              </h2>
              <p className="mt-1 text-mist-muted">{p.place}</p>
              {p.status === "invited" ? (
                <Form method="post" className="mt-4 flex flex-wrap gap-3" {...form.props}>
                  <input {...form.keyField} />
                  <input type="hidden" name="placeId" value={p.id} />
                  <button type="submit" name="intent" value="accept" className="btn-gold" disabled={form.pending}>
                    Accept This Place
                  </button>
                  <button type="submit" name="intent" value="decline" className="btn-ghost" disabled={form.pending}>
                    Decline
                  </button>
                </Form>
              ) : p.status === "declined" ? (
                <p className="mt-4">You declined this place.</p>
              ) : (
                <>
                  <p className="mt-4">
                    {p.status === "confirmed"
                      ? "Your place is confirmed."
                      : "You accepted this place. It is confirmed once your packet is signed and your preparation session held."}
                  </p>
                  <p className="mt-2">
                    {p.preparation
                      ? `Your preparation session: ${p.preparation}.`
                      : "A Temple Keeper will arrange your preparation session with you, between 90 days and a day before the ceremony."}
                  </p>
                  <h3 className="mt-5 font-semibold">{`Your readiness packet: ${p.signed.length} of ${DOCUMENT_KINDS.length} signed`}</h3>
                  <ul className="mt-3 grid gap-2">
                    {DOCUMENT_KINDS.map((kind) => {
                      const done = p.signed.includes(kind);
                      return (
                        <li key={kind} className="flex items-start gap-2">
                          {done ? (
                            <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gold" />
                          ) : (
                            <Circle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-mist-muted" />
                          )}
                          <span>
                            <Link
                              to={`/ceremony/${p.id}/${kind}`}
                              className="text-violet-200 underline underline-offset-4 hover:text-gold"
                            >
                              {DOCUMENTS[kind].title}
                            </Link>
                            {done ? " (signed)" : " (to sign)"}
                            <span className="block text-sm text-mist-muted">{DOCUMENTS[kind].purpose}</span>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
            </section>
          ))}
        </>
      )}
    </article>
  );
}
