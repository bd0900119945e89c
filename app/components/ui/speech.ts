import { useSyncExternalStore } from "react";
import { notify } from "./notify";

/** The browser's speech recognition, where it exists (Chrome and Safari name it differently). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void)
    | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

const noChanges = () => () => {};

/**
 * Whether this browser can listen: false on the server and until the page is hydrated, so a
 * speech button is offered only where pressing it can work (never in Firefox, which has no
 * speech recognition, and never before JavaScript runs).
 */
export function useSpeechRecognition(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => Boolean(recognitionConstructor()),
    () => false,
  );
}

export function createRecognition(options: { continuous: boolean }): Recognition | null {
  const Constructor = recognitionConstructor();
  if (!Constructor) {
    notify("error", "Speech Recognition Not Available", {
      description: "Your browser doesn't support speech recognition.",
    });
    return null;
  }
  const recognition = new Constructor();
  recognition.lang = "en-US";
  recognition.continuous = options.continuous;
  recognition.interimResults = options.continuous;
  return recognition;
}

export function recordingError(description = "There was an issue with voice recording.") {
  notify("error", "Recording Error", { description });
}
