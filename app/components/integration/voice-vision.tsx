import { Download, Mic, MicOff, RefreshCw, Sparkles, Volume2 } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { FieldError } from "~/components/forms/field";
import { notify } from "~/components/ui/notify";
import { createRecognition, recordingError, useSpeechRecognition } from "~/components/ui/speech";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { visualPrompt } from "~/modules/integration/tags";
import { download, pngOf } from "./vision-files";
import { VisionImage, visionSvg } from "./vision-image";

/** Where the words are posted without JavaScript: this mode's page, which shows the answer. */
const VOICE_PAGE = "/integration?mode=voice";

/** The words, their prompt and the image's variant, as the server answers a page without JavaScript. */
export interface VisionDraft {
  words: string;
  prompt: string;
  variant: number;
}

const isDraft = (value: unknown): value is VisionDraft =>
  typeof value === "object" && value !== null && "prompt" in value && "words" in value;

/**
 * Voice-to-Vision: speak (or type), transform to SPEC.md's visual prompt, generate an image of our
 * own. The app does it all in the browser; without JavaScript the words are posted, the server
 * answers with the prompt and its image (nothing stored), and Regenerate posts the next variant.
 * Recording, playback and the PNG need the app, so they appear with it.
 */
export function VoiceVision({
  sessions,
  result,
}: {
  sessions: ReadonlyArray<{ id: string; title: string }>;
  result?: FormResult;
}) {
  const hydrated = useHydrated();
  const saver = useFetcher<FormResult>();
  const attacher = useFetcher<FormResult>();
  const draft = result?.ok && isDraft(result.data) ? result.data : null;
  const typed = result && !result.ok && typeof result.values?.words === "string" ? result.values.words : "";
  const wordsError = result && !result.ok ? result.fieldErrors.words : undefined;
  const [transcript, setTranscript] = useState(draft?.words ?? typed);
  const [interim, setInterim] = useState("");
  const [recording, setRecording] = useState(false);
  const [prompt, setPrompt] = useState(draft?.prompt ?? "");
  const [variant, setVariant] = useState(draft?.variant ?? 0);
  const [generating, setGenerating] = useState(false);
  const [seed, setSeed] = useState<string | null>(draft ? `${draft.prompt}#${draft.variant}` : null);
  const [savedSeed, setSavedSeed] = useState<string | null>(null);
  const saveForm = useForm({ id: "vision-save", result: saver.data, fetcher: saver });
  const attachForm = useForm({ id: "vision-attach", result: attacher.data, fetcher: attacher });
  const canListen = useSpeechRecognition();
  const recognition = useRef<ReturnType<typeof createRecognition>>(null);

  const toggleRecording = () => {
    if (recording) return recognition.current?.stop();
    const r = createRecognition({ continuous: true });
    if (!r) return;
    r.onresult = (event) => {
      let pending = "";
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (!result) continue;
        if (result.isFinal)
          setTranscript((t) => `${t}${t && !t.endsWith(" ") ? " " : ""}${result[0].transcript.trim()}`);
        else pending += result[0].transcript;
      }
      setInterim(pending);
    };
    r.onerror = () => {
      setRecording(false);
      recordingError();
    };
    r.onend = () => {
      setRecording(false);
      setInterim("");
    };
    try {
      r.start();
      recognition.current = r;
      setRecording(true);
    } catch {
      recordingError("Failed to start voice recording.");
    }
  };

  const transform = () => {
    if (!transcript.trim()) {
      notify("error", "No Content", { description: "Please record or type your thoughts first." });
      return;
    }
    setPrompt(visualPrompt(transcript));
    setSeed(null);
    notify("success", "Visual Prompt Generated", { description: 'Click "Generate Vision" to see it.' });
  };

  const generate = (nextVariant: number) => {
    if (!prompt) {
      notify("error", "No Prompt", { description: "Please generate a visual prompt first." });
      return;
    }
    setGenerating(true);
    setVariant(nextVariant);
    // Drawing is instant; the short pause lets the change be seen and announced.
    setTimeout(() => {
      setSeed(`${prompt}#${nextVariant}`);
      setGenerating(false);
      notify("success", "Vision Generated", {
        description: "Your thoughts have been transformed into a visual representation.",
      });
    }, 600);
  };

  const playBack = () => {
    if (!("speechSynthesis" in window)) {
      notify("error", "Text-to-Speech Not Available", { description: "Your browser doesn't support text-to-speech." });
      return;
    }
    const utterance = new SpeechSynthesisUtterance(prompt);
    utterance.rate = 0.8;
    utterance.pitch = 0.9;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };

  /** The words and a variant, posted when the app is not running (the server draws the same image). */
  const wordsFields = (next: number) => (
    <>
      <input type="hidden" name="intent" value="vision-prompt" />
      <input type="hidden" name="variant" value={next} />
    </>
  );

  return (
    <div className="grid gap-4">
      {canListen ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" onClick={toggleRecording} aria-pressed={recording} className="btn-ghost">
            {recording ? <MicOff aria-hidden size={18} /> : <Mic aria-hidden size={18} />}
            {recording ? "Stop Recording" : "Start Recording"}
          </button>
          {recording ? <span className="text-sm text-rose-200">Listening…</span> : null}
        </div>
      ) : null}
      <Form
        method="post"
        action={VOICE_PAGE}
        className="grid gap-4"
        onSubmit={(event) => {
          // The app draws the prompt here at once; the post is for a page without it.
          event.preventDefault();
          transform();
        }}
      >
        {wordsFields(0)}
        <div>
          <label htmlFor="vision-transcript" className="mb-1 block font-medium">
            Your words (spoken or typed)
          </label>
          <textarea
            id="vision-transcript"
            name="words"
            value={transcript}
            maxLength={2000}
            onChange={(event) => setTranscript(event.target.value)}
            aria-invalid={wordsError ? true : undefined}
            aria-describedby={wordsError ? "vision-transcript-error" : undefined}
            className="field min-h-[120px]"
          />
          <FieldError id="vision-transcript-error" className="mt-1" message={wordsError} />
          {interim ? <p className="mt-1 text-sm text-mist-muted italic">{interim}</p> : null}
        </div>
        <button type="submit" disabled={hydrated && !transcript.trim()} className="btn-ghost justify-self-start">
          <Sparkles aria-hidden size={18} />
          Transform to Visual Prompt
        </button>
      </Form>
      {prompt ? (
        <div className="rounded-xl border border-violet-300/15 p-4">
          <h3 className="font-semibold">Visual prompt</h3>
          <p className="mt-1 text-mist-muted">{prompt}</p>
          {hydrated ? (
            <button
              type="button"
              onClick={playBack}
              className="mt-2 inline-flex items-center gap-1 text-sm text-violet-200 underline"
            >
              <Volume2 aria-hidden size={16} />
              Play Back
            </button>
          ) : null}
        </div>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          onClick={() => generate(variant)}
          disabled={generating}
          className="btn-gold justify-self-start"
        >
          {generating ? "Generating Vision..." : "Generate Vision"}
        </button>
      ) : null}
      {seed ? (
        <div className="grid gap-3">
          <div className="mx-auto w-full max-w-md">
            <VisionImage seed={seed} label={`A generated vision for: ${transcript.slice(0, 80)}`} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Form
              method="post"
              action={VOICE_PAGE}
              onSubmit={(event) => {
                event.preventDefault();
                generate(variant + 1);
              }}
            >
              {wordsFields(variant + 1)}
              <input type="hidden" name="words" value={transcript} />
              <button type="submit" className="btn-ghost" disabled={generating}>
                <RefreshCw aria-hidden size={16} />
                Regenerate
              </button>
            </Form>
            <a
              href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(visionSvg(seed))}`}
              download="vision.svg"
              className="btn-ghost"
            >
              <Download aria-hidden size={16} />
              Download SVG
            </a>
            {hydrated ? (
              <button
                type="button"
                onClick={() => void pngOf(visionSvg(seed)).then((b) => download("vision.png", b))}
                className="btn-ghost"
              >
                <Download aria-hidden size={16} />
                Download PNG
              </button>
            ) : null}
            <saver.Form
              method="post"
              {...saveForm.props}
              onSubmit={(event) => {
                setSavedSeed(seed);
                void saveForm.props.onSubmit(event);
              }}
            >
              <input {...saveForm.keyField} />
              <input type="hidden" name="intent" value="save-vision" />
              <input type="hidden" name="prompt" value={prompt} />
              <input type="hidden" name="seed" value={seed} />
              <button type="submit" className="btn-ghost" disabled={saveForm.pending || savedSeed === seed}>
                {savedSeed === seed && saver.state === "idle" && saver.data?.ok
                  ? "Saved to your insights"
                  : "Save to my insights"}
              </button>
            </saver.Form>
          </div>
          {sessions.length > 0 ? (
            <attacher.Form method="post" className="flex flex-wrap items-end gap-3" {...attachForm.props}>
              <input {...attachForm.keyField} />
              <input type="hidden" name="intent" value="attach-vision" />
              <input type="hidden" name="prompt" value={prompt} />
              <input type="hidden" name="seed" value={seed} />
              <label className="grid gap-1 text-sm">
                Keep it with a session
                <select name="sessionId" className="field py-2">
                  {sessions.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-ghost" disabled={attachForm.pending}>
                {attacher.state === "idle" && attacher.data?.ok ? "Saved with the session" : "Save to Session"}
              </button>
            </attacher.Form>
          ) : null}
          <p className="text-sm text-mist-muted">
            Integration guidance: sit with the image for a few minutes without interpreting it. Then write one sentence
            about what it stirs, in your journal or a Personal Reflection.
          </p>
        </div>
      ) : null}
    </div>
  );
}
