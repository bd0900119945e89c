import { Pause, Play, Square } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FLEXIBLE_MINUTES, type Meditation } from "~/content/meditations";
import { newFormKey } from "~/forms/use-form";
import { formatMinutesSeconds } from "~/lib/dates";
import { SitWithoutScript } from "./sit-without-script";

type State = "idle" | "playing" | "paused" | "done";

/** A soft bell made in the browser (no file to load): a decaying sine with one overtone. */
function ringBell() {
  const AudioContextClass =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  for (const [frequency, level] of [
    [432, 0.35],
    [864, 0.12],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(level, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 4);
  }
  setTimeout(() => void audio.close(), 4500);
}

/**
 * SPEC.md's play/pause card made real: a guided timer for the stated duration with a progress
 * bar, text cues and a bell at start and end, or the recording when one exists. A sit that
 * reaches its end is recorded. Until scripts run, the practice is read and recorded by hand.
 */
export function MeditationPlayer({ meditation, hasAudio }: { meditation: Meditation; hasAudio: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [minutes, setMinutes] = useState(meditation.minutes ?? 10);
  const total = minutes * 60;
  const [state, setState] = useState<State>("idle");
  const [elapsed, setElapsed] = useState(0);
  const startedAt = useRef(0);
  const banked = useRef(0);
  const audio = useRef<HTMLAudioElement>(null);

  const finish = useCallback(
    (seconds: number) => {
      setState("done");
      ringBell();
      fetcher.submit(
        // A key per sit (decision 008): a retried post is counted once.
        { intent: "complete", meditationId: meditation.id, seconds: String(Math.round(seconds)), _key: newFormKey() },
        { method: "post" },
      );
    },
    [fetcher, meditation.id],
  );

  useEffect(() => {
    if (state !== "playing" || hasAudio) return;
    const timer = setInterval(() => {
      const now = banked.current + (performance.now() - startedAt.current) / 1000;
      if (now >= total) {
        clearInterval(timer);
        setElapsed(total);
        finish(total);
      } else {
        setElapsed(now);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [state, total, hasAudio, finish]);

  const toggle = () => {
    if (state === "playing") {
      banked.current += (performance.now() - startedAt.current) / 1000;
      setState("paused");
      audio.current?.pause();
      return;
    }
    if (state === "idle" || state === "done") {
      banked.current = 0;
      setElapsed(0);
      ringBell();
    }
    startedAt.current = performance.now();
    setState("playing");
    void audio.current?.play();
  };
  const stop = () => {
    banked.current = 0;
    setElapsed(0);
    setState("idle");
    if (audio.current) {
      audio.current.pause();
      audio.current.currentTime = 0;
    }
  };

  const fraction = total > 0 ? Math.min(1, elapsed / total) : 0;
  const cue = [...meditation.cues].reverse().find(([at]) => fraction >= at)?.[1] ?? meditation.cues[0]?.[1];
  const active = state === "playing" || state === "paused";

  if (!hydrated) return <SitWithoutScript meditation={meditation} hasAudio={hasAudio} />;
  return (
    <div className="mt-4 grid gap-3">
      {meditation.minutes === null ? (
        <label className="flex items-center gap-3 text-sm">
          Length
          <select
            value={minutes}
            onChange={(event) => setMinutes(Number(event.target.value))}
            disabled={active}
            className="field w-auto py-2"
          >
            {FLEXIBLE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {hasAudio ? (
        // biome-ignore lint/a11y/useMediaCaption: the guided text cues below carry the words
        <audio
          ref={audio}
          src={meditation.audioSrc}
          preload="none"
          onTimeUpdate={(event) => setElapsed(event.currentTarget.currentTime)}
          onEnded={(event) => finish(event.currentTarget.duration)}
        />
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          className="btn-gold px-4 py-2"
          aria-label={state === "playing" ? `Pause ${meditation.title}` : `Play ${meditation.title}`}
        >
          {state === "playing" ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />}
          {state === "playing" ? "Pause" : state === "paused" ? "Resume" : "Begin"}
        </button>
        {active ? (
          <button
            type="button"
            onClick={stop}
            className="btn-ghost px-4 py-2"
            aria-label={`End ${meditation.title} early`}
          >
            <Square aria-hidden size={16} />
            End
          </button>
        ) : null}
        <span className="ml-auto text-sm text-mist-muted tabular-nums">
          {`${formatMinutesSeconds(elapsed)} / ${formatMinutesSeconds(total)}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${meditation.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        className="h-2 overflow-hidden rounded-full bg-night-700"
      >
        <div className="h-full bg-gradient-to-r from-violet-400 to-gold" style={{ width: `${fraction * 100}%` }} />
      </div>
      <p aria-live="polite" className="min-h-12 font-serif text-lg text-mist">
        {state === "done" ? "Your sit is complete. Rest here a moment before you move." : active ? cue : null}
      </p>
    </div>
  );
}
