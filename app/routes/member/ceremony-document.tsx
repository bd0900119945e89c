import { ArrowLeft, Download } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useSearchParams } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { DocumentFields } from "~/components/ceremonies/document-fields";
import { TextField } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { appContext, viewerContext } from "~/context";
import {
  FormRefusal,
  handleForm,
  invalid,
  parse,
  readSubmission,
  refused,
  succeeded,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { documentLines } from "~/modules/ceremonies/document-lines";
import { DOCUMENTS, type DocumentAnswers, type DocumentKind, isDocumentKind } from "~/modules/ceremonies/documents";
import { CEREMONY_DONE, CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";
import {
  isSigned,
  packetOpen,
  signDocument,
  signedDocument,
  withdrawDocument,
} from "~/modules/ceremonies/packet.server";
import { placeForMember } from "~/modules/ceremonies/places.server";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import { documentSchema } from "~/modules/ceremonies/validation";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/ceremony-document";

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data?.title ?? "Your readiness packet");

const NOT_SAVED = { title: "Not signed", description: CEREMONY_MESSAGES.notSaved };
const OUTCOMES = {
  signed: CEREMONY_DONE.signed,
  "signed-care": CEREMONY_DONE["signed-care"],
  withdrawn: CEREMONY_DONE.withdrawn,
} as const;

/** The member's own place and a document kind, while ceremonies are open; anything else is a 404. */
async function ownDocument(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const kind = params.kind;
  if (!ceremoniesOpen(handles.env) || !isDocumentKind(kind)) throw data(null, { status: 404 });
  const found = await placeForMember(handles.db, viewer.id, serialId(params.placeId) ?? 0);
  if (!found || (found.place.status !== "accepted" && found.place.status !== "confirmed")) {
    throw data(null, { status: 404 });
  }
  return { handles, viewer, kind, ...found };
}

/** The document to sign, or what was signed (the member's own words) with its signature. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { handles, viewer, kind, place, day } = await ownDocument(context, params);
  const signed = await signedDocument(handles.db, handles.env, place.id, kind);
  return {
    placeId: place.id,
    kind,
    title: DOCUMENTS[kind].title,
    purpose: DOCUMENTS[kind].purpose,
    version: DOCUMENTS[kind].version,
    open: packetOpen(place, day),
    signed: signed
      ? {
          lines: documentLines(kind, signed.answers as DocumentAnswers[typeof kind]),
          name: signed.signedName,
          on: formatDateTime(signed.row.signedAt, viewer.timezone),
          version: signed.row.version,
        }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { handles, viewer, kind, place, day } = await ownDocument(context, params);
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_SAVED, handles.logger, async () => {
    const intent = submission.fields.intent;
    switch (intent) {
      case "sign":
      case "withdraw":
        break;
      default:
        return unknownForm(submission);
    }
    // The day has begun (or the place is gone): nothing changes any more, before anything posted is read.
    if (!packetOpen(place, day))
      return refused(submission, { ...NOT_SAVED, description: CEREMONY_MESSAGES.packetClosed }, 409);
    const identity = {
      scope: `ceremony.${intent}`,
      key: submission.key,
      ownerId: viewer.id,
      subject: `place:${place.id}:${kind}`,
    };
    if (intent === "withdraw") {
      const answer = await once(handles.db, identity, async (tx) => {
        if ((await withdrawDocument(tx, place.id, kind)) === "not-signed") {
          throw new FormRefusal(refused(submission, { ...NOT_SAVED, description: CEREMONY_MESSAGES.notSigned }, 409));
        }
        return { redirectTo: donePage(`/ceremony/${place.id}/${kind}`, "withdrawn") };
      });
      return succeeded(request, answer);
    }
    // Signed already (the page shows it, not the form): refused before anything posted is read.
    if (await isSigned(handles.db, place.id, kind)) {
      return refused(submission, { ...NOT_SAVED, description: CEREMONY_MESSAGES.alreadySigned }, 409);
    }
    const parsed = parse(submission, documentSchema(kind));
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const { signature, ...answers } = parsed.data;
    const answer = await once<{ care?: boolean }>(handles.db, identity, async (tx) => {
      const outcome = await signDocument(
        tx,
        handles.env,
        { userId: viewer.id, placeId: place.id, dayId: day.id, ip: handles.clientIp },
        kind,
        answers as unknown as DocumentAnswers[DocumentKind],
        signature,
      );
      if (outcome.kind === "signed-already") {
        throw new FormRefusal(refused(submission, { ...NOT_SAVED, description: CEREMONY_MESSAGES.alreadySigned }, 409));
      }
      const redirectTo = donePage(`/ceremony/${place.id}/${kind}`, outcome.urgent ? "signed-care" : "signed");
      return outcome.urgent ? { redirectTo, data: { care: true } } : { redirectTo };
    });
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_SAVED);

export default function CeremonyDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { placeId, kind, title, purpose, version, open, signed } = loaderData;
  const [params] = useSearchParams();
  const [cared, setCared] = useState(false);
  const form = useForm<{ care?: boolean }>({
    id: "document",
    result: actionData,
    schema: () => import("~/modules/ceremonies/validation").then((m) => m.documentSchema(kind)),
    onSuccess: (result) => {
      if (result?.care) setCared(true);
    },
  });
  const care = cared || params.get(OUTCOME_PARAM) === "signed-care";
  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/ceremony" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        Your ceremony
      </Link>
      <h1 className="mt-6 font-serif text-4xl font-semibold">{title}</h1>
      <p className="mt-3 text-mist-muted">{`${purpose} Version ${version}.`}</p>
      {care ? (
        <div className="mt-6">
          <CrisisResources />
        </div>
      ) : null}
      <FormOutcome messages={OUTCOMES} className="mt-6" answered={Boolean(actionData && !actionData.ok)} />
      <div className="mt-6 empty:hidden">
        <FormAlert message={form.formError?.description ?? null} />
      </div>
      {signed ? (
        <section aria-labelledby="signed-h" className="card mt-6">
          <h2 id="signed-h" className="font-serif text-2xl font-semibold">{`Signed on ${signed.on}`}</h2>
          <dl className="mt-4 grid gap-3 text-sm">
            {signed.lines.map((line) => (
              <div key={line.label}>
                <dt className="text-mist-muted">{line.label}</dt>
                <dd className="whitespace-pre-wrap">{line.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4">{`Signed by typing the name ${signed.name}, version ${signed.version}.`}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={`/ceremony/${placeId}/${kind}/pdf`} className="btn-gold" download>
              <Download aria-hidden size={16} /> Download the PDF
            </a>
            {open ? (
              <Form method="post" {...form.props}>
                <input {...form.keyField} />
                <button type="submit" name="intent" value="withdraw" className="btn-ghost" disabled={form.pending}>
                  Withdraw This Document
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      ) : !open ? (
        <p className="card mt-6">{CEREMONY_MESSAGES.packetClosed}</p>
      ) : (
        <Form method="post" className="card mt-6 grid gap-6" {...form.props}>
          <input {...form.keyField} />
          <DocumentFields form={form} kind={kind} />
          <TextField
            {...form.field("signature")}
            label="Sign by typing your full name"
            hint="Your typed name, with this document's version, the time and your account, is your signature."
            autoComplete="name"
            maxLength={100}
          />
          <button
            type="submit"
            name="intent"
            value="sign"
            className="btn-gold justify-self-start"
            disabled={form.pending}
          >
            {form.pending ? "Signing..." : "Sign This Document"}
          </button>
        </Form>
      )}
    </article>
  );
}
