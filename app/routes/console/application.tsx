import { AlertTriangle } from "lucide-react";
import { data, Form, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { TextAreaField } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import {
  FormRefusal,
  handleForm,
  parse,
  readSubmission,
  type Submission,
  succeeded,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { applicationDecisionSchema, applicationNoteSchema } from "~/modules/console/validation";
import { addApplicationNote, decideApplication, readApplication } from "~/modules/intake/application-review.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/application";

const HEALTH_LABELS = {
  mentalHealth: "Mental health history",
  medications: "Medications and health conditions",
  priorExperience: "Prior experience",
  intentions: "Intentions",
} as const;

const DECISIONS = [
  { status: "in-review", label: "Start review" },
  { status: "waitlisted", label: "Waitlist" },
  { status: "approved", label: "Approve" },
  { status: "declined", label: "Decline" },
] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const staff = { id: viewer.id, name: viewer.name };
  const application = await readApplication(handles.db, handles.env, params.id, staff, handles.clientIp);
  if (!application) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  return {
    application: {
      ...application,
      createdAt: formatDateTime(application.createdAt, zone),
      events: application.events.map((event) => ({ ...event, createdAt: formatDateTime(event.createdAt, zone) })),
    },
  };
}

/** One form, two kinds of button: "Add note only" (intent=note) or a decision (no intent, its own value). */
function readChoice(submission: Submission) {
  switch (submission.fields.intent) {
    case "note":
      return parse(submission, applicationNoteSchema);
    case undefined:
      return parse(submission, applicationDecisionSchema);
    default:
      return null;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const staff = { id: viewer.id, name: viewer.name };
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = readChoice(submission);
    if (!parsed) return unknownForm(submission);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["text"]);
    const chosen = parsed.data;
    const page = `/console/applications/${params.id}`;
    // One note, or one decision and its email, per key: a repeated post gets the first answer.
    const answer = await once(
      handles.db,
      { scope: "console.application", key: submission.key, ownerId: viewer.id, subject: `application:${params.id}` },
      async (tx) => {
        if ("intent" in chosen) {
          const added = await addApplicationNote(tx, handles.env, params.id, chosen.text, staff, handles.clientIp);
          if (!added) throw data(null, { status: 404 });
          return { redirectTo: donePage(page, "note"), data: { done: "note" } };
        }
        const { decision: status, text } = chosen;
        const input = { id: params.id, status, message: text || null, staff, ip: handles.clientIp };
        const outcome = await decideApplication(tx, handles.env, input);
        if (outcome === "not-found") throw data(null, { status: 404 });
        if (outcome === "unchanged") {
          throw new FormRefusal(consoleRefused(submission, `The application is already ${status}.`, 409));
        }
        return { redirectTo: donePage(page, status), data: { done: status } };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadFields = () => import("~/modules/console/validation").then((m) => m.applicationFields);

export default function ApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a } = loaderData;
  const result = actionData;
  const form = useForm({ id: "application", result, schema: loadFields });
  const submitting = form.pending;
  return (
    <article className="max-w-3xl">
      <Link to="/console/applications" className="text-sm text-violet-200 underline underline-offset-4">
        All applications
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">{a.fullName}</h1>
      <p className="mt-2 text-mist-muted">
        received {a.createdAt} · <StatusBadge status={a.status} />
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.application} />

      <section className="card mt-6" aria-labelledby="flags-h">
        <h2 id="flags-h" className="font-semibold">
          Screening
        </h2>
        {a.flags.length === 0 ? (
          <p className="mt-2 text-mist-muted">Nothing in the answers was flagged. Read them all the same.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {a.flags.map((flag) => (
              <li key={flag.code} className="flex gap-2 text-sm">
                <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold" />
                {flag.reason}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-mist-muted">
          Flags point to words in the answers; they never decide. The applicant never sees them.
        </p>
      </section>

      <section className="card mt-6">
        <h2 className="font-semibold">Contact</h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Item term="Email" value={a.email} />
          <Item term="Phone" value={a.phone || "not given"} />
          <Item term="Age" value={String(a.age)} />
          <Item term="City" value={a.city} />
          <Item term="Emergency contact" value={a.emergencyContact} />
          <Item term="Emergency phone" value={a.emergencyPhone} />
        </dl>
      </section>

      <section className="card mt-6">
        {Object.entries(HEALTH_LABELS).map(([key, label], i) => (
          <div key={key} className={i > 0 ? "mt-5" : undefined}>
            <h2 className="font-semibold">{label}</h2>
            <p className="mt-2 break-words whitespace-pre-wrap">{a.health[key as keyof typeof HEALTH_LABELS]}</p>
          </div>
        ))}
      </section>

      <section className="card mt-6" aria-labelledby="history-h">
        <h2 id="history-h" className="font-semibold">
          Decisions and notes
        </h2>
        {a.events.length === 0 ? (
          <p className="mt-2 text-mist-muted">No decision or note yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {a.events.map((event) => (
              <li key={event.id} className="border-l-2 border-violet-300/30 pl-3 text-sm">
                <p className="text-mist-muted">
                  {event.kind === "decision" ? (
                    <>
                      Decision: <StatusBadge status={event.status ?? ""} />
                    </>
                  ) : (
                    "Note (staff only)"
                  )}{" "}
                  by {event.staffName} on {event.createdAt}
                </p>
                {event.text ? <p className="mt-1 break-words whitespace-pre-wrap">{event.text}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <Form method="post" className="card mt-6 grid gap-4" {...form.props}>
        <h2 className="font-semibold">Decide or add a note</h2>
        <input {...form.keyField} />
        <TextAreaField
          {...form.field("text")}
          label="Message to the applicant (sent with a decision) or note for the keepers"
          maxLength={2000}
        />
        <div className="flex flex-wrap gap-3">
          {DECISIONS.filter((d) => d.status !== a.status).map((d) => (
            <button
              key={d.status}
              type="submit"
              name="decision"
              value={d.status}
              className={d.status === "approved" ? "btn-gold" : "btn-ghost"}
              disabled={submitting}
            >
              {d.label}
            </button>
          ))}
          <button type="submit" name="intent" value="note" className="btn-ghost" disabled={submitting}>
            Add note only
          </button>
        </div>
        <p className="text-xs text-mist-muted">Every decision emails the applicant; notes stay with the keepers.</p>
      </Form>
    </article>
  );
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-mist-muted">{term}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
