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

export function createRecognition(options: { continuous: boolean }): Recognition | null {
  const w = window as unknown as {
    SpeechRecognition?: new () => Recognition;
    webkitSpeechRecognition?: new () => Recognition;
  };
  const Constructor = w.SpeechRecognition ?? w.webkitSpeechRecognition;
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
