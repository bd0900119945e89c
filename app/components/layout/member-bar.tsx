import { ArrowLeft, HelpCircle, MessageCircle, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { SignOutButton } from "./sign-out-button";

/**
 * The member area's bar under the site header: the way back, who is signed in, their messages,
 * the console for staff, help with the area, and signing out. The area's layout shows it on every page; the
 * two-factor page (outside the layout, as an unproven session proves itself there) shows it too.
 */
export function MemberBar(props: {
  name: string;
  staff: boolean;
  /** Where "back" goes; none on the area's own start (the dashboard). */
  back: { to: string; label: string } | null;
  /** "Messages": how many conversations hold a keeper's unread word, and where the link leads; null leaves it out (a session not yet proven). */
  messages: { unread: number; to: string } | null;
}) {
  const { name, staff, back, messages } = props;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-violet-300/15 py-4 text-sm">
      {back ? (
        <Link to={back.to} className="inline-flex items-center gap-2 text-violet-200 hover:text-gold">
          <ArrowLeft aria-hidden size={18} />
          {back.label}
        </Link>
      ) : (
        <span className="text-mist-muted">Member area</span>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <span className="text-mist-muted">
          Signed in as <span className="text-mist">{name}</span>
        </span>
        {messages === null ? null : (
          <Link to={messages.to} className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
            <MessageCircle aria-hidden size={16} />
            {messages.unread > 0 ? `Messages (${messages.unread} new)` : "Messages"}
          </Link>
        )}
        {staff && messages !== null ? (
          <Link to="/console" className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
            <ShieldCheck aria-hidden size={16} />
            Console
          </Link>
        ) : null}
        {messages === null ? null : (
          <Link to="/help" className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
            <HelpCircle aria-hidden size={16} />
            Help
          </Link>
        )}
        <SignOutButton />
      </div>
    </div>
  );
}
