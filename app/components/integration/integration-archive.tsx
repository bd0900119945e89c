import { ChevronDown, Search } from "lucide-react";
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";

export interface ArchiveSession {
  id: string;
  title: string;
  date: string;
  tags: ReadonlyArray<string>;
  emotions: string;
  preview: string;
  insights: string;
  integrationGoals: string;
}

/** "Sacred Archive": one row open at a time; View Full and Export are real. */
export function IntegrationArchive({
  sessions,
  q,
  older = null,
}: {
  sessions: ReadonlyArray<ArchiveSession>;
  q: string;
  /** The cursor of the next, older page (`?before=`), or null at the first session. */
  older?: string | null;
}) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div>
      <Form method="get" role="search" className="flex gap-2" preventScrollReset>
        <input type="hidden" name="mode" value="personal" />
        <label htmlFor="archive-search" className="sr-only">
          Search your sessions by title, tags or emotions
        </label>
        <input
          id="archive-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Search title, tags, emotions"
          className="field"
        />
        <button type="submit" className="btn-ghost px-4" aria-label="Search sessions">
          <Search aria-hidden size={18} />
        </button>
      </Form>
      {sessions.length === 0 ? (
        <p className="mt-4 text-mist-muted">
          {q ? "No sessions found matching your search." : "Your saved sessions will appear here."}
        </p>
      ) : (
        <ul className="mt-4 max-h-96 space-y-3 overflow-y-auto pr-1">
          {sessions.map((s) => {
            const expanded = open === s.id;
            return (
              <li key={s.id} className="rounded-xl border border-violet-300/15">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`session-${s.id}`}
                  onClick={() => setOpen(expanded ? null : s.id)}
                  className="flex w-full items-start justify-between gap-3 p-4 text-left"
                >
                  <span>
                    <span className="block font-semibold break-words">{s.title}</span>
                    <span className="block text-sm text-mist-muted">{`${s.date}${s.tags.length ? ` · ${s.tags.join(", ")}` : ""}`}</span>
                    <span className="mt-1 block text-sm break-words">{s.preview}</span>
                  </span>
                  <ChevronDown aria-hidden className={`shrink-0 transition ${expanded ? "rotate-180" : ""}`} />
                </button>
                {expanded ? (
                  <div id={`session-${s.id}`} className="border-t border-violet-300/15 p-4 text-sm">
                    <h4 className="font-semibold">Key Insights</h4>
                    <p className="mt-1 whitespace-pre-wrap break-words text-mist-muted">
                      {s.insights || "None written."}
                    </p>
                    <h4 className="mt-3 font-semibold">Integration Goals</h4>
                    <p className="mt-1 whitespace-pre-wrap break-words text-mist-muted">
                      {s.integrationGoals || "None written."}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-3">
                      <Link to={`/integration/sessions/${s.id}`} className="btn-ghost px-4 py-2">
                        View Full
                      </Link>
                      <a
                        href={`/integration/sessions/${s.id}/export?format=md`}
                        download
                        className="btn-ghost px-4 py-2"
                      >
                        Export (Markdown)
                      </a>
                      <a
                        href={`/integration/sessions/${s.id}/export?format=json`}
                        download
                        className="btn-ghost px-4 py-2"
                      >
                        Export (JSON)
                      </a>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {older ? (
        <Link to={`?${olderLink(params, older)}`} className="btn-ghost mt-4" preventScrollReset>
          Older sessions
        </Link>
      ) : null}
    </div>
  );
}

/** The next page keeps the page's mode; a cursor is never combined with a search. */
function olderLink(params: URLSearchParams, older: string) {
  const next = new URLSearchParams(params);
  next.delete("q");
  next.set("before", older);
  return next.toString();
}
