import { CheckCircle2, Circle } from "lucide-react";
import { useFetcher } from "react-router";
import { KeepInsight, SavedNotice } from "~/components/companion/keep-insight";
import { DAILY_PRACTICES } from "~/content/companion";

type DailyPractice = (typeof DAILY_PRACTICES)[number];

function Practice({ practice, done, kept }: { practice: DailyPractice; done: boolean; kept: boolean }) {
  const fetcher = useFetcher();
  const checked = fetcher.formData ? fetcher.formData.get("done") === "true" : done;
  return (
    <li>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="practice" />
        <input type="hidden" name="practiceId" value={practice.id} />
        <input type="hidden" name="done" value={String(!checked)} />
        <button
          type="submit"
          aria-pressed={checked}
          className="flex w-full items-start gap-3 rounded-xl px-2 py-2 text-left hover:bg-violet-500/10"
        >
          {checked ? (
            <CheckCircle2 aria-hidden className="mt-0.5 shrink-0 text-gold" />
          ) : (
            <Circle aria-hidden className="mt-0.5 shrink-0 text-mist-muted" />
          )}
          <span>
            <span className={`block font-medium ${checked ? "text-mist-muted line-through" : ""}`}>
              {practice.title}
            </span>
            <span className="block text-sm text-mist-muted">{`${practice.duration} · ${practice.description}`}</span>
          </span>
        </button>
      </fetcher.Form>
      {/* Offered once the completion is stored: the server keeps only a practice done today. */}
      {done && checked ? (
        <KeepInsight
          intent="keep-practice"
          fields={{ practiceId: practice.id }}
          kept={kept}
          label="Keep as a Practice insight"
          keptLabel="Kept as a Practice insight"
          name={practice.title}
          className="mb-1 ml-11"
        />
      ) : null}
    </li>
  );
}

/** Today's practices: ticked on and off, a progress bar, and each one done can be kept as an insight. */
export function DailyPractices({
  done,
  kept,
  notice,
}: {
  done: ReadonlyArray<string>;
  kept: ReadonlyArray<string>;
  /** Shown after keeping one without JavaScript. */
  notice?: string;
}) {
  const finished = DAILY_PRACTICES.filter((p) => done.includes(p.id)).length;
  return (
    <section id="practices" aria-labelledby="practices-title" className="card scroll-mt-24">
      <h2 id="practices-title" className="font-serif text-2xl font-semibold">
        Daily Practices
      </h2>
      {notice ? <SavedNotice className="mt-3">{notice}</SavedNotice> : null}
      <div
        role="progressbar"
        aria-label="Today's practices"
        aria-valuemin={0}
        aria-valuemax={DAILY_PRACTICES.length}
        aria-valuenow={finished}
        className="mt-3 h-2 overflow-hidden rounded-full bg-night-700"
      >
        <div
          className="h-full bg-gradient-to-r from-violet-400 to-gold"
          style={{ width: `${(finished / DAILY_PRACTICES.length) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-mist-muted" aria-live="polite">
        {finished === DAILY_PRACTICES.length
          ? "All of today's practices are complete. May the day carry their quiet with it."
          : `${finished} of ${DAILY_PRACTICES.length} practices today`}
      </p>
      <ul className="mt-3 grid gap-1">
        {DAILY_PRACTICES.map((practice) => (
          <Practice
            key={practice.id}
            practice={practice}
            done={done.includes(practice.id)}
            kept={kept.includes(practice.id)}
          />
        ))}
      </ul>
    </section>
  );
}
