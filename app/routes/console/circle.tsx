import { data, Form, Link } from "react-router";
import { CircleForm } from "~/components/circles/circle-form";
import { type Column, DataTable } from "~/components/console/data-table";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { clockIn, dayIn, formatDateTime, formatSlot } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { cancelCircle, circleForStaff, updateCircle } from "~/modules/circles/circles.server";
import { circleInput } from "~/modules/circles/form.server";
import { CIRCLE_MESSAGES } from "~/modules/circles/messages";
import { circleSchema } from "~/modules/circles/validation";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/circle";

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const found = await circleForStaff(handles.db, serialId(params.id) ?? 0);
  if (!found) throw data(null, { status: 404 });
  const { circle, attending, waiting } = found;
  const zone = viewer.timezone;
  const person = (p: (typeof attending)[number]) => ({ ...p, joinedAt: formatDateTime(p.joinedAt, zone) });
  return {
    zone,
    circle: {
      id: circle.id,
      title: circle.title,
      description: circle.description,
      when: formatSlot(circle.startsAt, zone),
      status: circle.status,
      capacity: circle.capacity,
      open: circle.status === "scheduled" && circle.startsAt > new Date(),
      createdBy: circle.createdByName,
    },
    values: {
      title: circle.title,
      description: circle.description,
      day: dayIn(circle.startsAt, zone),
      time: clockIn(circle.startsAt, zone),
      minutes: String(circle.minutes),
      capacity: String(circle.capacity),
      videoUrl: circle.videoUrl,
    },
    attending: attending.map(person),
    waiting: waiting.map(person),
  };
}

/** Changing or cancelling a circle still ahead; each tells those it concerns once per one-time key. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  const here = `/console/circles/${id}`;
  const identity = (scope: string) => ({ scope, key: submission.key, ownerId: viewer.id, subject: `circle:${id}` });
  return handleForm(submission, CIRCLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "change": {
        const parsed = parse(submission, circleSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, Object.keys(circleSchema.shape));
        const input = circleInput(parsed.data, viewer.timezone);
        if (!input) return consoleInvalid(submission, { time: CIRCLE_MESSAGES.past }, ["time"]);
        const answer = await once(handles.db, identity("console.circle.change"), async (tx) => {
          if ((await updateCircle(tx, handles.env, viewer, id, input, handles.clientIp)) === "missing") {
            throw data(null, { status: 404 });
          }
          return { redirectTo: donePage(here, "changed"), data: { done: "changed" } };
        });
        return succeeded(request, answer);
      }
      case "cancel": {
        const answer = await once(handles.db, identity("console.circle.cancel"), async (tx) => {
          if ((await cancelCircle(tx, handles.env, viewer, id, handles.clientIp)) === "missing") {
            throw new FormRefusal(consoleRefused(submission, CIRCLE_MESSAGES.gone, 409));
          }
          return { redirectTo: donePage(here, "cancelled"), data: { done: "cancelled" } };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/circles/validation").then((m) => m.circleSchema);

type Person = Route.ComponentProps["loaderData"]["attending"][number];
const PEOPLE: ReadonlyArray<Column<Person>> = [
  { header: "Name", primary: true, cell: (p) => p.name },
  { header: "Email", cell: (p) => p.email },
  { header: "Joined", nowrap: true, cell: (p) => p.joinedAt },
];

export default function CircleDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { circle, values, attending, waiting, zone } = loaderData;
  const changeAnswer = actionData && !actionData.ok && actionData.values?.intent === "change" ? actionData : undefined;
  const form = useForm({
    id: "circle",
    result: changeAnswer ?? (actionData?.ok ? actionData : undefined),
    schema: loadSchema,
  });
  const cancel = useForm({ id: "cancel", result: actionData && !changeAnswer ? actionData : undefined });
  return (
    <article className="max-w-4xl">
      <Link to="/console/circles" className="text-sm text-violet-200 underline underline-offset-4">
        All circles
      </Link>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 font-serif text-3xl font-semibold">
        {circle.title}
        <StatusBadge status={circle.status} />
      </h1>
      <p className="mt-1 text-sm text-mist-muted">{`${circle.when} · ${attending.length} of ${circle.capacity} places taken · scheduled by ${circle.createdBy}`}</p>
      <ConsoleOutcome result={actionData} messages={CONSOLE_MESSAGES.done.circle} />
      <p className="mt-4 whitespace-pre-wrap text-mist">{circle.description}</p>
      <h2 className="mt-8 font-serif text-2xl font-semibold">Who comes</h2>
      <DataTable
        caption="Members with a place"
        columns={PEOPLE}
        rows={attending}
        rowKey={(p) => p.email}
        empty="No one yet."
      />
      <h2 className="mt-8 font-serif text-2xl font-semibold">Waitlist</h2>
      <DataTable
        caption="Members waiting, first first"
        columns={PEOPLE}
        rows={waiting}
        rowKey={(p) => p.email}
        empty="No one is waiting."
      />
      {circle.open ? (
        <>
          <h2 className="mt-10 mb-4 font-serif text-2xl font-semibold">Change this circle</h2>
          <CircleForm form={form} intent="change" values={values} zone={zone} submit="Save Changes" />
          <details className="card mt-6 max-w-3xl">
            <summary className="cursor-pointer font-semibold">Cancel this circle</summary>
            <p className="mt-2 text-mist-muted">
              Everyone signed up is told by email at once, and those with a place get a calendar update that removes it.
              This cannot be undone.
            </p>
            <Form method="post" className="mt-4" {...cancel.props}>
              <input {...cancel.keyField} />
              <button type="submit" name="intent" value="cancel" className="btn-ghost" disabled={cancel.pending}>
                Cancel This Circle
              </button>
            </Form>
          </details>
        </>
      ) : null}
    </article>
  );
}
