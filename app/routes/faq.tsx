import { ChevronDown } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { Blocks } from "~/components/content/rich-text";
import { faq } from "~/content/faq";
import type { Block } from "~/content/types";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/faq";

export const headers = publicPageHeaders;

function plainText(blocks: ReadonlyArray<Block>): string {
  return blocks
    .map((b) =>
      b.type === "p"
        ? b.text.map((t) => (typeof t === "string" ? t : t.text)).join("")
        : b.type === "list"
          ? b.items.map((i) => i.map((t) => (typeof t === "string" ? t : t.text)).join("")).join(" ")
          : b.type === "callout"
            ? plainText(b.blocks)
            : b.text,
    )
    .join(" ");
}

/** Up/Down/Home/End move between questions, as the accordion this replaced did (Enter and Space toggle natively). */
function moveBetweenQuestions(event: KeyboardEvent<HTMLElement>) {
  const all = [...document.querySelectorAll<HTMLElement>("main [data-faq-trigger]")];
  const at = all.indexOf(event.currentTarget);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  all[(to + all.length) % all.length]?.focus();
}

// Content reaches the page as loader data, so it is not shipped twice as JavaScript.
export function loader() {
  return { faq };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Frequently Asked Questions",
    description: "Answers about membership, safety and screening, preparation, integration, donations and privacy.",
    keywords: ["FAQ", "membership", "safety", "preparation", "integration"],
    path: "/faq",
    image: "faq",
    structuredData: {
      "@type": "FAQPage",
      mainEntity: (data?.faq ?? []).map((entry) => ({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: plainText(entry.answer) },
      })),
    },
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 sm:px-6">
      <PageHero eyebrow="FAQ" title="Frequently Asked Questions">
        What seekers most often ask us. If your question is not here, we are glad to hear it.
      </PageHero>
      {/* Native <details>: every answer is in the HTML and opens without JavaScript; `name` keeps one open at a time. */}
      <div className="space-y-3">
        {loaderData.faq.map((entry) => (
          <details key={entry.id} id={entry.id} name="faq" className="group card p-0">
            {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native disclosure button */}
            <summary
              data-faq-trigger=""
              onKeyDown={moveBetweenQuestions}
              className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left [&::-webkit-details-marker]:hidden"
            >
              <h2 className="font-serif text-xl font-semibold">{entry.question}</h2>
              <ChevronDown
                className="h-5 w-5 shrink-0 text-gold transition-transform group-open:rotate-180 motion-reduce:transition-none"
                aria-hidden="true"
              />
            </summary>
            <div className="px-6 pb-6 text-mist-muted">
              <Blocks blocks={entry.answer} />
            </div>
          </details>
        ))}
      </div>
      <div className="mt-12 flex flex-wrap justify-center gap-4">
        <Link to="/contact" className="btn-gold">
          Ask us directly
        </Link>
        <Link to="/start" className="btn-ghost">
          Start your journey
        </Link>
      </div>
    </div>
  );
}
