import { Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { CHAT_LIMITS, GREETING, type GuideReply, sanitiseChatMessage } from "~/modules/contact/chat";
import { CHAT_MESSAGES } from "~/modules/contact/messages";

interface ChatMessage {
  id: number;
  text: string;
  isUser: boolean;
  links?: GuideReply["links"];
  showButtons?: boolean;
  notice?: boolean;
}

type ChatResult = FormResult<{ echo: string; reply: GuideReply }>;

/** The open chat panel: greeting with its paths, the conversation, a typing indicator, the input. */
export default function GuideChatPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const fetcher = useFetcher<ChatResult>();
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, text: GREETING.text, isUser: false, showButtons: true },
  ]);
  const [draft, setDraft] = useState("");
  const [typing, setTyping] = useState(false);
  const sentAt = useRef(0);
  const nextId = useRef(1);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  // The reply appears after the typing indicator has shown for 1.5 s (the spec's chat), however fast the server is.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !typing) return;
    const result = fetcher.data;
    const wait = Math.max(0, CHAT_LIMITS.replyDelayMs - (Date.now() - sentAt.current));
    const timer = setTimeout(() => {
      setTyping(false);
      if (result.ok && result.data) {
        const { reply } = result.data;
        setMessages((all) => [...all, { id: nextId.current++, text: reply.text, links: reply.links, isUser: false }]);
      } else {
        const notice = (!result.ok && result.formError) || CHAT_MESSAGES.failed;
        notify("error", notice.title, { description: notice.description });
        setMessages((all) => [
          ...all,
          { id: nextId.current++, text: `${notice.title}. ${notice.description}`, isUser: false, notice: true },
        ]);
      }
    }, wait);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data, typing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing indicator appears
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages, typing]);

  function send() {
    const text = sanitiseChatMessage(draft);
    if (!text) {
      notify("error", CHAT_MESSAGES.required.title, { description: CHAT_MESSAGES.required.description });
      return;
    }
    setMessages((all) => [...all, { id: nextId.current++, text, isUser: true }]);
    setDraft("");
    setTyping(true);
    sentAt.current = Date.now();
    fetcher.submit({ message: text }, { method: "post", action: "/guide-chat" });
  }

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 flex max-h-[80vh] flex-col overflow-hidden rounded-2xl border border-violet-300/25 bg-night-900 shadow-2xl shadow-black/60 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[24rem]"
    >
      <header className="flex items-center justify-between border-b border-violet-300/15 bg-night-800 px-4 py-3">
        <h2 id={titleId} className="font-serif text-lg font-semibold">
          Sacred Guide
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded-full p-1.5 text-mist-muted hover:text-mist"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </header>
      <div ref={log} role="log" aria-live="polite" className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {messages.map((m) => (
          <div key={m.id} className={m.isUser ? "flex justify-end" : "flex justify-start"}>
            <div
              className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap ${
                m.isUser
                  ? "bg-violet-600 text-white"
                  : m.notice
                    ? "border border-rose-400/50 bg-rose-500/10 text-rose-100"
                    : "bg-night-800 text-mist"
              }`}
            >
              <span className="sr-only">{m.isUser ? "You: " : "Guide: "}</span>
              {m.text}
              {m.links?.map((link) => (
                <Link
                  key={link.href}
                  to={link.href}
                  className="mt-2 block font-medium text-gold underline underline-offset-4"
                >
                  {link.label}
                </Link>
              ))}
              {m.showButtons ? (
                <span className="mt-3 flex flex-wrap gap-2">
                  {GREETING.actions.map((a) => (
                    <Link
                      key={a.href}
                      to={a.href}
                      className="rounded-full border border-gold/60 px-3 py-1 text-xs font-medium text-gold hover:bg-gold/10"
                    >
                      {a.label}
                    </Link>
                  ))}
                </span>
              ) : null}
            </div>
          </div>
        ))}
        {typing ? (
          <p className="flex items-center gap-2 text-sm text-mist-muted">
            <span className="flex gap-1" aria-hidden="true">
              <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300" />
              <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300 [animation-delay:200ms]" />
              <span className="h-2 w-2 animate-pulse rounded-full bg-violet-300 [animation-delay:400ms]" />
            </span>
            The guide is typing…
          </p>
        ) : null}
      </div>
      <form
        className="flex items-end gap-2 border-t border-violet-300/15 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Your message
        </label>
        <textarea
          ref={input}
          id={inputId}
          rows={2}
          maxLength={CHAT_LIMITS.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              if (!typing) send();
            }
          }}
          placeholder="Ask the guide…"
          className="field min-h-0 flex-1 resize-none py-2"
        />
        <button type="submit" className="btn-gold px-3" disabled={typing} aria-label="Send message">
          <Send aria-hidden="true" className="h-4 w-4" />
        </button>
      </form>
    </section>
  );
}
