import { CRISIS_REPLY, speaksOfCrisis } from "../care/crisis";
/**
 * The Spirit Companion's replies: rule-based and reflective (no outside service). Order matters:
 * safety first. Medical questions never get advice, only a safe answer pointing to a person.
 */
export interface Reply {
  text: string;
  /** A page of the member area or the site that helps with what was said. */
  link?: { label: string; href: string };
}

const has = (text: string, words: ReadonlyArray<string>) => words.some((w) => text.includes(w));

const MEDICAL = [
  "medication",
  "medicine",
  "prescri",
  "dose",
  "dosage",
  "ssri",
  "snri",
  "maoi",
  "antidepress",
  "lithium",
  "pregnan",
  "breastfeed",
  "heart",
  "blood pressure",
  "seizure",
  "epilep",
  "psychosis",
  "bipolar",
  "schizophren",
  "interaction",
  "diagnos",
  "symptom",
  "pill",
  "drug test",
];
const FEAR = ["afraid", "scared", "nervous", "anxious", "anxiety", "fear", "worried", "panic", "terrified"];
const PREPARATION = ["prepar", "ready", "diet", "fast", "checklist", "before the ceremony", "pack"];
const INTEGRATION = ["integrat", "after the ceremony", "afterwards", "since the ceremony", "back home", "make sense"];
const GRATITUDE = ["thank", "grateful", "gratitude", "appreciate"];
const MEDITATION = ["meditat", "breath", "calm", "still", "quiet my mind", "sleep"];
const GRIEF = ["grief", "griev", "loss", "lost my", "died", "passed away", "mourning"];

const REFLECTIONS = [
  "What feels most alive for you in what you just wrote?",
  "If that feeling could speak, what would it ask of you?",
  "Where do you notice this in your body as you write about it?",
  "What would it look like to meet this with a little more gentleness?",
  "Is there a small step this week that would honour what you are noticing?",
];

/** A short echo of the member's own words, so the reply shows it listened. */
function echo(message: string): string {
  const sentence = message.split(/(?<=[.!?])\s+/)[0]?.trim() ?? message;
  const words = sentence.split(/\s+/);
  return words.length > 14 ? `${words.slice(0, 14).join(" ")}…` : sentence;
}

export function replyTo(message: string, turn: number): Reply {
  const text = message.toLowerCase();
  if (speaksOfCrisis(message)) {
    return {
      text: CRISIS_REPLY,
      link: { label: "Write to a Temple Keeper", href: "/contact" },
    };
  }
  if (has(text, MEDICAL)) {
    return {
      text: "That is a medical question, and it deserves a real answer from a person who knows your health. I can't advise on medications, conditions or doses. Please ask your doctor, and tell a Temple Keeper too; you can also record it in the medical card of your profile so your facilitator can prepare with you.",
      link: { label: "Open your profile", href: "/profile" },
    };
  }
  if (has(text, FEAR)) {
    return {
      text: `It makes sense to feel this. Fear often comes right before something important. You don't have to push it away: notice where it sits in your body and breathe towards it, slowly. What is the fear trying to protect?`,
      link: { label: "Meditation: Meeting Fear with Kindness", href: "/meditations" },
    };
  }
  if (has(text, GRIEF)) {
    return {
      text: "I'm sorry for your loss. Grief is love with nowhere to go, and it keeps its own time. Would you like to write about the person or what you lost? Your journal is a safe place for it.",
      link: { label: "Open your journal", href: "/journals" },
    };
  }
  if (has(text, PREPARATION)) {
    return {
      text: "Preparation is where the ceremony begins. The guide walks through spiritual, environmental, dietary and mental preparation, and the checklist keeps the day itself simple. Which part feels least settled for you?",
      link: { label: "Preparation Guide", href: "/preparation-guide" },
    };
  }
  if (has(text, INTEGRATION)) {
    return {
      text: `"${echo(message)}": integration is slow work, and it is normal for meaning to arrive in pieces. Writing an integration session, or sharing it with your facilitator, often helps the pieces find each other.`,
      link: { label: "Integration Sessions", href: "/integration" },
    };
  }
  if (has(text, MEDITATION)) {
    return {
      text: "A few minutes of stillness can change the tone of a whole day. The guided practices in your member area run from ten to twenty minutes, with a bell at the start and end.",
      link: { label: "Guided Meditations", href: "/meditations" },
    };
  }
  if (has(text, GRATITUDE)) {
    return {
      text: "Thank you for sharing that. Gratitude is a quiet kind of prayer. What would you like to carry forward from it?",
    };
  }
  return { text: `"${echo(message)}". ${REFLECTIONS[turn % REFLECTIONS.length]}` };
}
