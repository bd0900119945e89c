import { data, Link, useLoaderData, useSearchParams } from "react-router";
import { FacilitatorCircle } from "~/components/member/facilitator-circle";
import { IntegrationArchive } from "~/components/member/integration-archive";
import { IntegrationForm } from "~/components/member/integration-form";
import { VoiceVision } from "~/components/member/voice-vision";
import { firstError, formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { formatDateTime } from "~/lib/time-format";
import { requireViewer } from "~/modules/accounts/session.server";
import { saveInsight } from "~/modules/companion/companion.server";
import { reflectionPrompts } from "~/modules/integration/prompts.server";
import { attachVision, listSessions, saveSession } from "~/modules/integration/sessions.server";
import { createShare, memberShares } from "~/modules/integration/shares.server";
import { MODES, type Mode } from "~/modules/integration/tags";
import { integrationFormValues, integrationSessionSchema, shareSchema } from "~/modules/integration/validation";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/integration";

export const meta: Route.MetaFunction = () => privateMeta("Integration Sessions");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const mode: Mode = MODES.find((m) => m.id === url.searchParams.get("mode"))?.id ?? "personal";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const zone = await memberTimezone(context.db, viewer.id);
  const [sessions, shares, prompts] = await Promise.all([
    listSessions(context.db, context.env, viewer.id, q),
    memberShares(context.db, context.env, viewer.id),
    mode === "ai-enhanced" ? reflectionPrompts(context.db, context.env, viewer.id) : Promise.resolve([]),
  ]);
  return {
    mode,
    q,
    prompts,
    sessions: sessions.map((s) => ({
      id: s.id,
      title: s.title,
      date: formatDateTime(s.createdAt, zone),
      tags: s.tags,
      emotions: s.emotions,
      preview: s.reflection.length > 140 ? `${s.reflection.slice(0, 140)}…` : s.reflection,
      insights: s.insights,
      integrationGoals: s.integrationGoals,
    })),
    shares: shares.map((s) => ({
      ...s,
      createdAt: formatDateTime(s.createdAt, zone),
      repliedAt: s.repliedAt ? formatDateTime(s.repliedAt, zone) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "save-session": {
      const values = integrationFormValues(form);
      const parsed = integrationSessionSchema.safeParse(values);
      if (!parsed.success)
        return data({ ok: false, error: firstError(integrationSessionSchema, values) }, { status: 400 });
      const id = await saveSession(context.db, context.env, viewer.id, parsed.data);
      return { ok: true, id };
    }
    case "share": {
      const fields = formToObject(form);
      const parsed = shareSchema.safeParse(fields);
      if (!parsed.success) return data({ ok: false, error: firstError(shareSchema, fields) }, { status: 400 });
      await createShare(context.db, context.env, viewer.id, {
        kind: parsed.data.kind,
        content: parsed.data.content,
        anonymous: parsed.data.anonymous !== undefined,
      });
      return { ok: true };
    }
    case "save-vision":
    case "attach-vision": {
      const prompt = String(form.get("prompt") ?? "").trim();
      const seed = String(form.get("seed") ?? "");
      if (!prompt || prompt.length > 1000 || !seed.startsWith(prompt) || seed.length > prompt.length + 12) {
        return data({ ok: false, error: "No Prompt: Please generate a visual prompt first." }, { status: 400 });
      }
      if (form.get("intent") === "attach-vision") {
        const sessionId = String(form.get("sessionId") ?? "");
        const attached = await attachVision(context.db, context.env, viewer.id, sessionId, { prompt, seed });
        return attached ? { ok: true } : data({ ok: false, error: "Choose one of your sessions." }, { status: 404 });
      }
      await saveInsight(context.db, context.env, viewer.id, {
        category: "vision",
        title: "Vision",
        content: prompt,
        seed,
      });
      return { ok: true };
    }
    default:
      return data({ ok: false, error: "Unknown action." }, { status: 400 });
  }
}

export default function Integration() {
  const { mode, q, sessions, shares, prompts } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const modeLink = (id: Mode) => {
    const next = new URLSearchParams(params);
    next.set("mode", id);
    return `?${next}`;
  };
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Integration Sessions</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Meaning arrives slowly after a ceremony. Choose how you would like to work with it today.
        </p>
      </header>
      <nav aria-label="Integration modes">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {MODES.map((m) => (
            <li key={m.id}>
              <Link
                to={modeLink(m.id)}
                preventScrollReset
                aria-current={mode === m.id ? "page" : undefined}
                className={`card block h-full p-4 transition ${mode === m.id ? "border-gold" : "hover:border-violet-200/50"}`}
              >
                <span className={`block font-serif text-xl font-semibold ${mode === m.id ? "text-gold" : ""}`}>
                  {m.label}
                </span>
                <span className="mt-1 block text-sm text-mist-muted">{m.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="mode-title" className="card">
          <h2 id="mode-title" className="mb-5 font-serif text-2xl font-semibold">
            {mode === "personal" ? "Integration Journal" : MODES.find((m) => m.id === mode)?.label}
          </h2>
          {mode === "personal" ? <IntegrationForm /> : null}
          {mode === "voice" ? <VoiceVision sessions={sessions.map((s) => ({ id: s.id, title: s.title }))} /> : null}
          {mode === "facilitated" ? (
            <p className="text-mist-muted">
              Write to your facilitator in the Facilitator Circle: a reflection to share, a request to join a group
              session, or a private message. Replies appear there, and we email you when one arrives.
            </p>
          ) : null}
          {mode === "ai-enhanced" ? (
            <>
              <p className="text-mist-muted">
                Prompts drawn from your own recent sessions and journal, by simple rules on our server. Nothing is sent
                to any outside service.
              </p>
              <ul className="mt-4 grid gap-3">
                {prompts.map((p) => (
                  <li key={p} className="rounded-xl border border-violet-300/15 p-4 font-serif text-lg text-gold">
                    {p}
                  </li>
                ))}
              </ul>
              <Link to={modeLink("personal")} className="btn-ghost mt-4">
                Write a reflection
              </Link>
            </>
          ) : null}
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="circle-title" className="card">
            <h2 id="circle-title" className="mb-4 font-serif text-2xl font-semibold">
              Facilitator Circle
            </h2>
            <FacilitatorCircle shares={shares} />
          </section>
          <section aria-labelledby="archive-title" className="card">
            <h2 id="archive-title" className="mb-4 font-serif text-2xl font-semibold">
              Sacred Archive
            </h2>
            <IntegrationArchive sessions={sessions} q={q} />
          </section>
        </div>
      </div>
    </>
  );
}
