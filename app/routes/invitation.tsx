import { Link } from "react-router";
import { GuideChat } from "~/components/chat/guide-chat";
import { PageHero } from "~/components/content/page-hero";
import { Blocks } from "~/components/content/rich-text";
import { invitation } from "~/content/invitation";
import type { Section } from "~/content/types";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/invitation";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "The Calling: An Invitation",
    description: "Why we gather, what we believe, who we are and how to join. Membership is free, with no test.",
    keywords: ["congregation", "membership", "beliefs", "sacred community", "invitation"],
    // Both /the-invitation and /the-calling show this page; one canonical URL.
    path: "/the-invitation",
    image: "invitation",
    structuredData: { "@type": "WebPage", name: "The Calling" },
  });

function Part({ section, children }: { section: Section; children?: React.ReactNode }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-h`} className="mx-auto mt-16 max-w-3xl px-4 sm:px-6">
      <h2 id={`${section.id}-h`} className="font-serif text-4xl font-semibold">
        {section.heading}
      </h2>
      <div className="prose-sacred mt-5 text-mist-muted">
        <Blocks blocks={section.blocks} />
      </div>
      {children}
    </section>
  );
}

export default function Invitation() {
  return (
    <>
      <PageHero eyebrow="The Calling" title="An Invitation to Gather">
        <Blocks blocks={invitation.intro} />
      </PageHero>
      <Part section={invitation.whyWeGather} />
      <section aria-labelledby="beliefs-h" className="mx-auto mt-16 max-w-5xl px-4 sm:px-6">
        <h2 id="beliefs-h" className="text-center font-serif text-4xl font-semibold">
          What We Believe
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {invitation.tenets.map((tenet, i) => (
            <li key={tenet.id} className="card">
              <p className="font-serif text-3xl text-gold" aria-hidden="true">
                {["I", "II", "III", "IV", "V", "VI"][i]}
              </p>
              <h3 className="mt-2 font-serif text-2xl font-semibold">{tenet.title}</h3>
              <p className="mt-3 text-mist-muted">{tenet.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <Part section={invitation.whoWeAre} />
      <Part section={invitation.howToJoin}>
        <Link to="/contact" className="btn-gold mt-8">
          Join the Church
        </Link>
      </Part>
      <GuideChat />
    </>
  );
}
