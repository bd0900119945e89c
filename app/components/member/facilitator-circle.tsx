import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { newFormKey } from "~/components/forms/use-form";
import { notify } from "~/components/ui/notify";

export interface ShareView {
  id: number;
  kind: "share" | "group-request" | "message";
  content: string;
  reply: string | null;
  repliedByName: string | null;
  createdAt: string;
  repliedAt: string | null;
}

const RESET_MS = 3000; // SPEC.md: "about 3 s later the text clears and state resets"
type State = "idle" | "sharing" | "shared";

/** The Facilitator Circle card: share with the keepers (optionally anonymous to other members). */
export function FacilitatorCircle({ shares }: { shares: ReadonlyArray<ShareView> }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const [text, setText] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [state, setState] = useState<State>("idle");
  const [kind, setKind] = useState<ShareView["kind"]>("share");
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (!fetcher.data.ok) {
      setState("idle");
      notify("error", "Sharing Error", { description: "Failed to share with facilitator. Please try again." });
      return;
    }
    setState("shared");
    notify("success", "Shared Successfully", {
      description: "Your reflection has been shared with your trusted facilitator.",
    });
    const timer = setTimeout(() => {
      setText("");
      setState("idle");
    }, RESET_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  const share = (what: ShareView["kind"]) => {
    if (!text.trim()) {
      notify("error", "No Content", { description: "Please enter something to share with your facilitator." });
      return;
    }
    setKind(what);
    setState("sharing");
    fetcher.submit(
      // A key per share (decision 008): a retry after a lost answer is stored once.
      { intent: "share", kind: what, content: text, _key: newFormKey(), ...(anonymous ? { anonymous: "on" } : {}) },
      { method: "post" },
    );
  };
  const latest = shares.find((s) => s.kind === "share");
  const thread = shares.filter((s) => s.kind === "message");

  return (
    <div className="grid gap-4">
      <label htmlFor="share-text" className="font-medium">
        What would you like to share?
      </label>
      <textarea
        id="share-text"
        value={text}
        maxLength={5000}
        onChange={(event) => setText(event.target.value)}
        disabled={state !== "idle"}
        aria-describedby="share-hint"
        className="field min-h-[120px]"
      />
      <p id="share-hint" className="text-sm text-mist-muted">
        Only the Temple Keepers read what you share.
      </p>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.target.checked)}
          className="h-5 w-5 accent-violet-500"
        />
        <span>
          Anonymous Sharing
          <span className="block text-sm text-mist-muted">
            Your name stays hidden from other members; your keeper always knows it is you.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-gold"
          onClick={() => share("share")}
          disabled={!text.trim() || state !== "idle"}
        >
          {state === "sharing" && kind === "share"
            ? "Sharing Safely..."
            : state === "shared" && kind === "share"
              ? "Shared Successfully"
              : "Share with Facilitator"}
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => share("group-request")}
          disabled={!text.trim() || state !== "idle"}
        >
          {state !== "idle" && kind === "group-request" ? "Requesting..." : "Group Session"}
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => share("message")}
          disabled={!text.trim() || state !== "idle"}
        >
          {state !== "idle" && kind === "message" ? "Sending..." : "Private Message"}
        </button>
      </div>
      <p className="text-sm text-mist-muted">
        "Group Session" asks to join the next integration circle (a keeper writes back with dates); "Private Message"
        starts a private thread with your keeper.
      </p>
      <section aria-labelledby="response-title" className="rounded-xl border border-violet-300/15 p-4">
        <h3 id="response-title" className="font-semibold">
          Facilitator Response
        </h3>
        <p className="mt-2 whitespace-pre-wrap break-words" aria-live="polite">
          {state === "shared"
            ? "Your reflection has reached your facilitator. Their reply will appear here, and we will email you when it does."
            : latest?.reply
              ? `${latest.repliedByName ?? "Your facilitator"}: ${latest.reply}`
              : latest
                ? "Your facilitator has your reflection and will reply soon."
                : "Nothing shared yet."}
        </p>
      </section>
      {thread.length > 0 ? (
        <section aria-labelledby="thread-title">
          <h3 id="thread-title" className="font-semibold">
            Private thread
          </h3>
          <ol className="mt-2 grid gap-2">
            {thread.map((m) => (
              <li key={m.id} className="rounded-xl border border-violet-300/15 p-3 text-sm">
                <p className="whitespace-pre-wrap break-words">{m.content}</p>
                <p className="mt-1 text-mist-muted">{m.createdAt}</p>
                {m.reply ? (
                  <p className="mt-2 border-l-2 border-gold pl-3 whitespace-pre-wrap break-words">{`${m.repliedByName ?? "Keeper"}: ${m.reply}`}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
