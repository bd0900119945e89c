import { BookOpen, ExternalLink, FileText, PlayCircle, Wrench } from "lucide-react";
import { Link } from "react-router";
import { RESOURCE_SECTIONS, type ResourceType } from "~/content/resources";
import { privateMeta } from "~/lib/private-meta";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = () => privateMeta("Sacred Resources");

/** Nothing to load; its being here makes a visit in the browser ask the server, so the area's guard runs. */
export async function loader() {
  return null;
}

const ICONS: Record<ResourceType, typeof BookOpen> = {
  book: BookOpen,
  article: FileText,
  tool: Wrench,
  video: PlayCircle,
};

export default function Resources() {
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Sacred Resources</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Books, research, tools and teachings we trust. Outside links open in a new tab.
        </p>
      </header>
      <div className="grid gap-10">
        {RESOURCE_SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="font-serif text-3xl font-semibold">
              {section.title}
            </h2>
            <ul className="mt-5 grid gap-5 md:grid-cols-2">
              {section.items.map((item) => {
                const Icon = ICONS[item.type];
                const external = item.link.startsWith("http");
                return (
                  <li key={item.title} className="card flex flex-col">
                    <p className="flex items-center gap-2 text-sm text-gold">
                      <Icon aria-hidden size={16} />
                      {`${item.category} · ${item.type}`}
                    </p>
                    <h3 className="mt-2 font-serif text-xl font-semibold">{item.title}</h3>
                    <p className="text-sm text-mist-muted">{item.author}</p>
                    <p className="mt-2 flex-1">{item.description}</p>
                    {external ? (
                      <a
                        href={item.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-4 inline-flex items-center gap-1 text-violet-200 underline underline-offset-4 hover:text-gold"
                      >
                        Open
                        <ExternalLink aria-hidden size={14} />
                        <span className="sr-only">{`${item.title} (opens in a new tab)`}</span>
                      </a>
                    ) : (
                      <Link
                        to={item.link}
                        className="mt-4 text-violet-200 underline underline-offset-4 hover:text-gold"
                      >
                        Open<span className="sr-only">{` ${item.title}`}</span>
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
