import { useState } from "react";
import { useFetcher } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { FieldError } from "~/components/forms/field";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { Conversations, type ShareView } from "./conversations";
import { StaffReads } from "./staff-reads";

const RESET_MS = 3000; // SPEC.md: "about 3 s later the text clears and state resets"

/** The schema (zod) loads on first use of the form (decision 003). */
const loadSchema = () => import("~/modules/integration/validation").then((m) => m.shareSchema);

/**
 * The Facilitator Circle card: share with the keepers (optionally without the member's name), on
 * the one form pipeline (decision 008). Each button sends the text as its kind; without JavaScript
 * the form posts to the page and lands on it saying it was shared.
 */
export function FacilitatorCircle({
  shares,
  reads,
  result,
}: {
  shares: ReadonlyArray<ShareView>;
  /** Who opened the member's shares, and when. */
  reads: ReadonlyArray<{ id: number; text: string }>;
  result?: FormResult<{ care?: boolean }>;
}) {
  const fetcher = useFetcher<FormResult<{ care?: boolean }>>();
  const hydrated = useHydrated();
  // What was typed comes back with a page answering an error (without JavaScript).
  const typed = result && !result.ok ? result.values?.content : undefined;
  const [text, setText] = useState(typeof typed === "string" ? typed : "");
  const [shared, setShared] = useState(false);
  const [kind, setKind] = useState<ShareView["kind"]>("share");
  const [care, setCare] = useState(false);
  const form = useForm<{ care?: boolean }>({
    id: "share",
    result: fetcher.data ?? result,
    schema: loadSchema,
    fetcher,
    onInvalid(errors) {
      if (errors.content === INTEGRATION_MESSAGES.share) {
        notify("error", "No Content", { description: "Please enter something to share with your facilitator." });
      }
    },
    onSuccess(data) {
      setShared(true);
      // Words of harm or danger: crisis lines stay on the card (app/modules/care/crisis.ts).
      if (data?.care) setCare(true);
      notify("success", "Shared Successfully", {
        description: "Your reflection has been shared with your trusted facilitator.",
      });
      setTimeout(() => {
        setText("");
        setShared(false);
      }, RESET_MS);
    },
    onFailure(failed) {
      const notice = failed.formError ?? INTEGRATION_MESSAGES.shareNotSent;
      notify("error", notice.title, { description: notice.description });
    },
  });
  const sending = form.pending;
  const state: "idle" | "sharing" | "shared" = sending ? "sharing" : shared ? "shared" : "idle";
  // Before the app runs the buttons stay usable: the server checks the text then.
  const blocked = (hydrated && !text.trim()) || state !== "idle";
  const contentError = form.errors.content;
  // The kind comes from the button pressed and the box takes only "on": only a post of a script's
  // own gets these wrong, and each is still said at its control.
  const marked = (error: string | undefined, id: string) =>
    error ? { "aria-invalid": true as const, "aria-describedby": id } : {};
  const kindError = form.errors.kind;
  const anonymousError = form.errors.anonymous;

  const latest = shares.find((s) => s.kind === "share");

  return (
    <div className="grid gap-4">
      {care ? <CrisisResources /> : null}
      <fetcher.Form
        method="post"
        className="grid gap-4"
        {...form.props}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          setKind((submitter?.getAttribute("value") as ShareView["kind"] | null) ?? "share");
          void form.props.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="share" />
        <input {...form.keyField} />
        <label htmlFor="share-text" className="font-medium">
          What would you like to share?
        </label>
        <textarea
          id="share-text"
          name="content"
          value={text}
          maxLength={5000}
          onChange={(event) => setText(event.target.value)}
          readOnly={state !== "idle"}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? "share-hint share-error" : "share-hint"}
          // biome-ignore lint/a11y/noAutofocus: only on a page answering this form's error, where the cursor belongs
          autoFocus={form.field("content").autoFocus}
          className="field min-h-[120px]"
        />
        <FieldError id="share-error" className="" message={contentError} />
        <p id="share-hint" className="text-sm text-mist-muted">
          Only the Temple Keepers read what you share.
        </p>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="anonymous"
            defaultChecked={form.wasChecked("anonymous")}
            {...marked(anonymousError, "share-anonymous-error")}
            className="h-5 w-5 accent-violet-500"
          />
          <span>
            Anonymous Sharing
            <span className="block text-sm text-mist-muted">
              The keepers see this share without your name; their reply still reaches you here.
            </span>
          </span>
        </label>
        <FieldError id="share-anonymous-error" className="" message={anonymousError} />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="kind"
            value="share"
            className="btn-gold"
            disabled={blocked}
            {...marked(kindError, "share-kind-error")}
          >
            {state === "sharing" && kind === "share"
              ? "Sharing Safely..."
              : state === "shared" && kind === "share"
                ? "Shared Successfully"
                : "Share with Facilitator"}
          </button>
          <button
            type="submit"
            name="kind"
            value="group-request"
            className="btn-ghost"
            disabled={blocked}
            {...marked(kindError, "share-kind-error")}
          >
            {state !== "idle" && kind === "group-request" ? "Requesting..." : "Group Session"}
          </button>
          <button
            type="submit"
            name="kind"
            value="message"
            className="btn-ghost"
            disabled={blocked}
            {...marked(kindError, "share-kind-error")}
          >
            {state !== "idle" && kind === "message" ? "Sending..." : "Private Message"}
          </button>
        </div>
        <FieldError id="share-kind-error" className="" message={kindError} />
      </fetcher.Form>
      <p className="text-sm text-mist-muted">
        "Group Session" asks to join the next integration circle (a keeper writes back with dates); "Private Message"
        starts a private conversation with your keeper. Each opens a conversation below, where you and the keepers can
        write back and forth.
      </p>
      <section aria-labelledby="response-title" className="rounded-xl border border-violet-300/15 p-4">
        <h3 id="response-title" className="font-semibold">
          Facilitator Response
        </h3>
        <p className="mt-2 whitespace-pre-wrap break-words" aria-live="polite">
          {state === "shared"
            ? "Your reflection has reached your facilitator. Their reply will appear here, and we will email you when it does."
            : latest?.lastKeeperWord
              ? `${latest.lastKeeperWord.name ?? "Your facilitator"}: ${latest.lastKeeperWord.text}`
              : latest
                ? "Your facilitator has your reflection and will reply soon."
                : "Nothing shared yet."}
        </p>
      </section>
      {shares.length > 0 ? <Conversations shares={shares} /> : null}
      <StaffReads title="Who has read what you shared" level="h3" reads={reads} />
    </div>
  );
}
