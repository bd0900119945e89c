import { appContext, viewerContext } from "~/context";
import { serialId } from "~/lib/ids";
import { plainPage } from "~/lib/plain-page";
import { documentLines } from "~/modules/ceremonies/document-lines";
import { signedDocumentPdf } from "~/modules/ceremonies/document-pdf.server";
import { DOCUMENTS, type DocumentAnswers, isDocumentKind } from "~/modules/ceremonies/documents";
import { signedDocument } from "~/modules/ceremonies/packet.server";
import { placeForMember } from "~/modules/ceremonies/places.server";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import type { Route } from "./+types/ceremony-document-pdf";

/**
 * A signed document of the member's own packet as a private PDF download: what they answered and
 * their signature. Another member's place, a document not signed (or withdrawn), or ceremonies
 * paused: a small page saying there is no such document (404).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const kind = params.kind;
  if (!ceremoniesOpen(handles.env) || !isDocumentKind(kind)) return noDocument();
  const found = await placeForMember(handles.db, viewer.id, serialId(params.placeId) ?? 0);
  if (!found) return noDocument();
  const signed = await signedDocument(handles.db, handles.env, found.place.id, kind);
  if (!signed) return noDocument();
  const pdf = await signedDocumentPdf({
    organization: handles.env.ORG_LEGAL_NAME,
    title: DOCUMENTS[kind].title,
    version: signed.row.version,
    lines: documentLines(kind, signed.answers as DocumentAnswers[typeof kind]),
    signedName: signed.signedName,
    signedAt: signed.row.signedAt,
    account: viewer.email,
    address: signed.row.signedIp,
    zone: viewer.timezone,
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${kind}-signed.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

function noDocument() {
  const html = plainPage({
    title: "No such document",
    heading: "No such document",
    paragraphs: [
      "There is no signed document here for you. A withdrawn document can be signed again from your ceremony page.",
    ],
    link: { href: "/ceremony", label: "Back to your ceremony" },
  });
  return new Response(html, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
