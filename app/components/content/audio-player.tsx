import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatMinutesSeconds } from "~/lib/dates";

/** Play/pause, seek, elapsed and total as m:ss; back to paused at the end. Keyboard operable. */
export function AudioPlayer({ src, title, captions }: { src: string; title: string; captions: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);

  // The metadata may have loaded before hydration attached the handlers below.
  useEffect(() => {
    const el = audio.current;
    if (el && el.readyState >= 1 && Number.isFinite(el.duration)) setDuration(el.duration);
  }, []);

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) {
      try {
        await el.play();
      } catch {
        setPlaying(false);
      }
    } else {
      el.pause();
    }
  };

  return (
    <figure className="card mb-10 font-sans text-base" aria-label={title}>
      <figcaption className="text-sm font-semibold tracking-wide text-gold">{title}</figcaption>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          setCurrent(0);
          setPlaying(false);
        }}
      >
        <track kind="captions" src={captions} srcLang="en" label="English" default />
      </audio>
      <div className="mt-3 flex items-center gap-4">
        <button
          type="button"
          onClick={toggle}
          className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold text-night-950"
          aria-label={playing ? "Pause" : "Play"}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </button>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={1}
          value={Math.min(current, duration || 0)}
          onChange={(e) => {
            const el = audio.current;
            if (el) el.currentTime = Number(e.currentTarget.value);
            setCurrent(Number(e.currentTarget.value));
          }}
          aria-label="Seek"
          aria-valuetext={`${formatMinutesSeconds(current)} of ${formatMinutesSeconds(duration)}`}
          className="h-2 w-full cursor-pointer accent-gold"
        />
        <span className="shrink-0 text-sm text-mist-muted tabular-nums">
          <span data-testid="elapsed">{formatMinutesSeconds(current)}</span> /{" "}
          <span data-testid="total">{formatMinutesSeconds(duration)}</span>
        </span>
      </div>
    </figure>
  );
}
