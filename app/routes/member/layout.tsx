import { createContext, Outlet, useLocation } from "react-router";
import { AreaError } from "~/components/layout/area-error";
import { MemberBar } from "~/components/layout/member-bar";
import { appContext, viewerContext } from "~/context";
import { unlessRefused } from "~/forms/revalidation";
import { isOwnRequest } from "~/lib/fetch-site";
import { beforeCursor, serialId } from "~/lib/ids";
import { errorMeta } from "~/lib/private-meta";
import { isStaff } from "~/modules/accounts/session.server";
import { linkFrom, type MessagesLink, messagesLink, messagesLinkOf } from "~/modules/integration/member-inbox.server";
import { requireSecondFactorIfOn, requireViewer, requireViewerAnd } from "../guards.server";
import type { Route } from "./+types/layout";

/** Everything under this layout is private: a session is required, nothing is cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Each page names itself; a 403 or 404 this area's boundary shows is named here. */
export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : []);

/**
 * The area's one guard: every page, data request and form post under this layout (its resource
 * routes too) needs a session (one that passed the second factor where the account has it on),
 * and its loaders and actions read the viewer from `viewerContext`. A page's GET reads "Messages" (the
 * unread count and where it leads) in the session's round trip; a form's post has it counted after its action, by the loader.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }) => {
    const handles = context.get(appContext);
    if (request.method !== "GET" && request.method !== "HEAD") {
      context.set(viewerContext, requireSecondFactorIfOn(await requireViewer(request, handles, url)));
      return;
    }
    const { viewer, also } = await requireViewerAnd(request, handles, url, messagesLinkOf(openingOf(request, url)));
    context.set(viewerContext, requireSecondFactorIfOn(viewer));
    context.set(messagesContext, also === undefined ? null : linkFrom(also));
  },
];

/** "Messages" when the middleware read it with the session (null: a context's default must not be undefined). */
const messagesContext = createContext<MessagesLink | null>(null);

/**
 * The conversation this request opens and reads, which the count leaves out: the member's own
 * request for its newest messages (conversation.tsx).
 */
function openingOf(request: Request, url: URL): number | undefined {
  const opening = url.pathname.match(/^\/integration\/shares\/(\d+)/)?.[1];
  const reading = opening !== undefined && isOwnRequest(request) && beforeCursor(url) === undefined;
  return reading ? (serialId(opening) ?? undefined) : undefined;
}

/**
 * Who is signed in, how many of their conversations hold a keeper's message they have not opened,
 * and where "Messages" leads (their list, or the one conversation to go to). A conversation being
 * opened is left out when its page reads it (conversation.tsx: the member's own request for its
 * newest messages).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const messages =
    context.get(messagesContext) ??
    (await messagesLink(context.get(appContext).db, viewer.id, openingOf(request, new URL(request.url))));
  return { name: viewer.name, staff: isStaff(viewer.role), messages };
}

/**
 * The unread count follows the member from page to page (opening a conversation reads it); a form's
 * refusal or failure changes nothing, and reloading then would replace the page during an outage.
 */
export const shouldRevalidate = unlessRefused(() => true);

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const { name, staff, messages } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
      <MemberBar
        name={name}
        staff={staff}
        messages={messages}
        back={pathname === "/dashboard" ? null : { to: "/dashboard", label: "Back to dashboard" }}
      />
      <Outlet />
    </div>
  );
}

/** A 403, 404 or failed load inside the member area: a page of the area, with the way back. */
export function ErrorBoundary() {
  return <AreaError area="Member area" home={{ to: "/dashboard", label: "Back to dashboard" }} />;
}
