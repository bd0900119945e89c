import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
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
      <Accordion.Root type="single" collapsible className="space-y-3">
        {loaderData.faq.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id} className="card p-0">
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger
                  data-faq-trigger=""
                  className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left font-serif text-xl font-semibold"
                >
                  {entry.question}
                  <ChevronDown
                    className="h-5 w-5 shrink-0 text-gold transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden="true"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-6 pb-6 text-mist-muted">
              <Blocks blocks={entry.answer} />
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
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
