import { useState } from "react";
import { Form } from "react-router";
import { FLEXIBLE_MINUTES, type Meditation } from "~/content/meditations";
import { FORM_KEY_FIELD } from "~/forms/forms";
import { newFormKey } from "~/forms/use-form";

/**
 * A practice where the timer cannot run (JavaScript off or not loaded yet): its guidance to read at
 * one's own pace, the recording's own controls when there is one, and a button that records the
 * sit afterwards (one per length for a practice of flexible length). The post is the timer's.
 */
export function SitWithoutScript({ meditation, hasAudio }: { meditation: Meditation; hasAudio: boolean }) {
  // One key per page: the same page posted twice (back, then again) records one sit.
  const [key] = useState(newFormKey);
  const lengths = meditation.minutes === null ? FLEXIBLE_MINUTES : [meditation.minutes];
  return (
    <div className="mt-4 grid gap-3">
      {hasAudio ? (
        // biome-ignore lint/a11y/useMediaCaption: the guidance below carries the words
        <audio controls preload="none" src={meditation.audioSrc} className="w-full" />
      ) : null}
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-mist-muted">
        {meditation.cues.map(([at, cue]) => (
          <li key={at}>{cue}</li>
        ))}
      </ol>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name={FORM_KEY_FIELD} value={key} suppressHydrationWarning />
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name="meditationId" value={meditation.id} />
        {lengths.map((minutes) => (
          <button key={minutes} type="submit" name="seconds" value={minutes * 60} className="btn-ghost px-4 py-2">
            {lengths.length === 1 ? `Record my ${minutes}-minute sit` : `Record ${minutes} minutes`}
          </button>
        ))}
      </Form>
    </div>
  );
}
