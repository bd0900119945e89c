import { Mic, MicOff, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { KeepInsight } from "~/components/companion/keep-insight";
import { FieldError } from "~/components/forms/field";
import { createRecognition, recordingError, useSpeechRecognition } from "~/components/ui/speech";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FORM_KEY_FIELD, type FormResult } from "~/forms/forms";
import { newFormKey } from "~/forms/use-form";

export interface ChatMessage {
  id: number;
  role: "user" | "companion";
  text: string;
  link?: { label: string; href: string };
}

const TYPING_MS = 1500; // SPEC.md: the typing indicator shows about 1.5 s

/**
 * The companion conversation: stored on the server, the reply revealed after a short pause. Each
 * reply can be saved as an insight once (`kept`: the ids of replies already saved).
 */
export function CompanionChat({
  messages,
  kept,
  page,
}: {
  messages: ReadonlyArray<ChatMessage>;
  kept: ReadonlyArray<number>;
  page?: FormResult;
}) {
  const fetcher = useFetcher<FormResult>();
  // Without JavaScript the page's own answer (an error page) carries the message and what was typed.
  const result = fetcher.data ?? page;
  const [draft, setDraft] = useState(() => {
    const typed = page && !page.ok ? page.values?.message : undefined;
    return typeof typed === "string" ? typed.slice(0, 500) : "";
  });
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [holdUntil, setHoldUntil] = useState(0);
  const [now, setNow] = useState(0);
  const [recording, setRecording] = useState(false);
  const canListen = useSpeechRecognition();
  const recognition = useRef<ReturnType<typeof createRecognition>>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (holdUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), holdUntil - Date.now());
    return () => clearTimeout(timer);
  }, [holdUntil]);

  const busy = fetcher.state !== "idle";
  const answer = result && !result.ok ? result : null;
  const failed = answer
    ? (answer.fieldErrors.message ??
      (answer.formError ? `${answer.formError.title}. ${answer.formError.description}` : null))
    : null;
  const waiting = busy || now < holdUntil;
  // While "typing": the member's words show at once; once stored, the reply stays hidden until the pause ends.
  const shown =
    waiting && !busy && pendingText !== null && messages.at(-1)?.role === "companion"
      ? messages.slice(0, -1)
      : messages;

  // Before the app runs (or without JavaScript) the send button works as a plain form's.
  const ready = useHydrated();
  // A message that was not stored goes back into the box, to send again.
  useEffect(() => {
    if (answer && pendingText !== null) {
      setDraft((d) => d || pendingText);
      setPendingText(null);
      setHoldUntil(0);
    }
  }, [answer, pendingText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing indicator appears
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [shown.length, waiting]);

  const send = () => {
    const message = draft.trim();
    if (!message || waiting) return;
    setPendingText(message);
    setHoldUntil(Date.now() + TYPING_MS);
    setNow(Date.now());
    setDraft("");
    // A key per message (decision 008): a retry after a lost answer is stored once.
    fetcher.submit({ intent: "message", message, [FORM_KEY_FIELD]: newFormKey() }, { method: "post" });
  };

  const toggleVoice = () => {
    if (recording) {
      recognition.current?.stop();
      return;
    }
    const r = createRecognition({ continuous: false });
    if (!r) return;
    r.onresult = (event) => {
      const transcript = event.results[event.resultIndex]?.[0].transcript ?? "";
      setDraft((d) => `${d}${d ? " " : ""}${transcript}`.slice(0, 500));
    };
    r.onerror = () => {
      setRecording(false);
      recordingError();
    };
    r.onend = () => setRecording(false);
    try {
      r.start();
      recognition.current = r;
      setRecording(true);
    } catch {
      recordingError("Failed to start voice recording.");
    }
  };

  return (
    <div className="flex h-[32rem] flex-col">
      <ol ref={list} className="flex-1 space-y-3 overflow-y-auto pr-1" aria-live="polite">
        {shown.length === 0 && !waiting ? (
          <li className="text-mist-muted">
            Write whatever is on your mind: a question, a feeling, something from your last ceremony. The companion
            listens and reflects; for anything medical it will point you to a person.
          </li>
        ) : null}
        {shown.map((m) => (
          <li key={m.id} className={m.role === "user" ? "flex justify-end" : "flex"}>
            <div
              className={`max-w-[85%] rounded-2xl px-4 py-3 ${
                m.role === "user" ? "bg-violet-600/40 text-mist" : "border border-violet-300/20 bg-night-900/80"
              }`}
            >
              <p className="whitespace-pre-wrap break-words">{m.text}</p>
              {m.link ? (
                <Link to={m.link.href} className="mt-2 inline-block text-sm text-gold underline underline-offset-4">
                  {m.link.label}
                </Link>
              ) : null}
              {m.role === "companion" ? (
                <KeepInsight
                  intent="keep-message"
                  fields={{ messageId: String(m.id) }}
                  kept={kept.includes(m.id)}
                  label="Save as insight"
                  keptLabel="Saved as insight"
                  className="mt-1"
                />
              ) : null}
            </div>
          </li>
        ))}
        {waiting && pendingText !== null ? (
          <>
            {busy ? (
              <li className="flex justify-end">
                <p className="max-w-[85%] rounded-2xl bg-violet-600/40 px-4 py-3 whitespace-pre-wrap break-words">
                  {pendingText}
                </p>
              </li>
            ) : null}
            <li className="flex" aria-label="The companion is typing">
              <span className="rounded-2xl border border-violet-300/20 bg-night-900/80 px-4 py-3 text-mist-muted">
                <span className="inline-flex gap-1" aria-hidden>
                  <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300" />
                  <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300 [animation-delay:150ms]" />
                  <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300 [animation-delay:300ms]" />
                </span>
                <span className="sr-only">The companion is reflecting…</span>
              </span>
            </li>
          </>
        ) : null}
      </ol>
      <FieldError id="companion-message-error" className="mt-2" alert message={failed} />
      {/* Without JavaScript this posts as it is (a plain form), and the page comes back with the reply. */}
      <form
        method="post"
        className="mt-3 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <input type="hidden" name="intent" value="message" />
        <label htmlFor="companion-message" className="sr-only">
          Your message
        </label>
        <textarea
          id="companion-message"
          name="message"
          value={draft}
          aria-invalid={answer?.fieldErrors.message ? true : undefined}
          aria-describedby={answer?.fieldErrors.message ? "companion-message-error" : undefined}
          maxLength={500}
          rows={2}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
          placeholder="Share what is on your heart…"
          className="field min-h-[3.5rem] resize-none"
        />
        {canListen ? (
          <button
            type="button"
            onClick={toggleVoice}
            aria-pressed={recording}
            aria-label={recording ? "Stop voice input" : "Speak your message"}
            className="btn-ghost px-3"
          >
            {recording ? <MicOff aria-hidden size={18} /> : <Mic aria-hidden size={18} />}
          </button>
        ) : null}
        <button
          type="submit"
          className="btn-gold px-4"
          disabled={ready && (!draft.trim() || waiting)}
          aria-label="Send"
        >
          <Send aria-hidden size={18} />
        </button>
      </form>
    </div>
  );
}
