import { ArrowLeft, MessageCircle, ShieldCheck } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { AreaError } from "~/components/layout/area-error";
import { SignOutButton } from "~/components/layout/sign-out-button";
import { appContext, viewerContext } from "~/context";
import { unlessRefused } from "~/forms/revalidation";
import { isOwnRequest } from "~/lib/fetch-site";
import { beforeCursor, serialId } from "~/lib/ids";
import { errorMeta } from "~/lib/private-meta";
import { isStaff } from "~/modules/accounts/session.server";
import { unreadForMember } from "~/modules/integration/thread-reads.server";
import { requireSecondFactorIfOn, requireViewer } from "../guards.server";
import type { Route } from "./+types/layout";

/** Everything under this layout is private: a session is required, nothing is cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Each page names itself; a 403 or 404 this area's boundary shows is named here. */
export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : []);

/**
 * The area's one guard: every page, data request and form post under this layout (its resource
 * routes too) needs a session (one that passed the second factor where the account has it on),
 * and its loaders and actions read the viewer from `viewerContext`.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }) => {
    context.set(viewerContext, requireSecondFactorIfOn(await requireViewer(request, context.get(appContext), url)));
  },
];

/**
 * Who is signed in, and how many of their conversations hold a keeper's message they have not
 * opened. A conversation being opened is left out when its page reads it (conversation.tsx: the
 * member's own request for its newest messages).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const opening = url.pathname.match(/^\/integration\/shares\/(\d+)/)?.[1];
  const reading = opening !== undefined && isOwnRequest(request) && beforeCursor(url) === undefined;
  const unread = await unreadForMember(
    context.get(appContext).db,
    viewer.id,
    reading ? (serialId(opening) ?? undefined) : undefined,
  );
  return { name: viewer.name, staff: isStaff(viewer.role), unread };
}

/**
 * The unread count follows the member from page to page (opening a conversation reads it); a form's
 * refusal or failure changes nothing, and reloading then would replace the page during an outage.
 */
export const shouldRevalidate = unlessRefused(() => true);

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const { name, staff, unread } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-violet-300/15 py-4 text-sm">
        {pathname === "/dashboard" ? (
          <span className="text-mist-muted">Member area</span>
        ) : (
          <Link to="/dashboard" className="inline-flex items-center gap-2 text-violet-200 hover:text-gold">
            <ArrowLeft aria-hidden size={18} />
            Back to dashboard
          </Link>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <span className="text-mist-muted">
            Signed in as <span className="text-mist">{name}</span>
          </span>
          <Link
            to="/integration?mode=facilitated#conversations-title"
            className="inline-flex items-center gap-1 text-violet-200 hover:text-gold"
          >
            <MessageCircle aria-hidden size={16} />
            {unread > 0 ? `Messages (${unread} new)` : "Messages"}
          </Link>
          {staff ? (
            <Link to="/console" className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
              <ShieldCheck aria-hidden size={16} />
              Console
            </Link>
          ) : null}
          <SignOutButton />
        </div>
      </div>
      <Outlet />
    </div>
  );
}

/** A 403, 404 or failed load inside the member area: a page of the area, with the way back. */
export function ErrorBoundary() {
  return <AreaError area="Member area" home={{ to: "/dashboard", label: "Back to dashboard" }} />;
}
