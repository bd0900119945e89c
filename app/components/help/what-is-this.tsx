import { HelpCircle } from "lucide-react";
import { Link } from "react-router";
import { helpTopic } from "~/content/member-help";

/**
 * "What is this?" under a card whose feature people find new: a native <details>, so it opens without
 * JavaScript and a screen reader announces it as a disclosure; the longer answer is on /help.
 */
export function WhatIsThis({ topic, className = "mt-3" }: { topic: string; className?: string }) {
  const { id, title, short } = helpTopic(topic);
  return (
    <details className={`group text-sm ${className}`} data-help={id}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 text-violet-200 underline-offset-4 hover:text-gold hover:underline [&::-webkit-details-marker]:hidden">
        <HelpCircle aria-hidden size={16} />
        What is this?<span className="sr-only">{` (${title})`}</span>
      </summary>
      <div className="mt-2 max-w-prose rounded-xl border border-white/10 bg-white/5 p-4 text-mist">
        <p>{short}</p>
        <Link
          to={`/help#${id}`}
          className="mt-2 inline-block text-violet-200 underline underline-offset-4 hover:text-gold"
        >
          {`More about ${title.toLowerCase()}`}
        </Link>
      </div>
    </details>
  );
}
