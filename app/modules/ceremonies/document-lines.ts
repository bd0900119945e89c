import { CLIENT_QUESTIONS, type DocumentAnswers, type DocumentKind, PARTICIPANT_RIGHTS } from "./documents";

/** One line of a signed document as its signer reads it back (the page and the PDF). */
export interface DocumentLine {
  label: string;
  value: string;
}

const yesNo = (answer: "yes" | "no") => (answer === "yes" ? "Yes" : "No");
const orNone = (text: string) => (text.trim() === "" ? "None given" : text);

/** What a document says, question by question, in the words the member answered. */
export function documentLines<K extends DocumentKind>(kind: K, answers: DocumentAnswers[K]): DocumentLine[] {
  switch (kind) {
    case "client-information": {
      const a = answers as DocumentAnswers["client-information"];
      return [
        ...CLIENT_QUESTIONS.map((q) => ({ label: q.text, value: yesNo(a[q.name]) })),
        { label: "Anything else you want your facilitators to know", value: orNone(a.notes) },
      ];
    }
    case "medicines": {
      const a = answers as DocumentAnswers["medicines"];
      return [
        { label: "Medicines, supplements and remedies you take", value: a.medicines },
        { label: "Medical devices you use or carry", value: orNone(a.devices) },
      ];
    }
    case "safety-plan": {
      const a = answers as DocumentAnswers["safety-plan"];
      return [
        { label: "Your support person", value: `${a.supportName}, ${a.supportPhone}` },
        { label: "Your emergency contact", value: `${a.emergencyName}, ${a.emergencyPhone}` },
        { label: "What helps you when it gets hard", value: a.whatHelps },
      ];
    }
    case "transportation": {
      const a = answers as DocumentAnswers["transportation"];
      return [
        { label: "Who takes you home", value: `${a.driverName}, ${a.driverPhone}` },
        { label: "How and when", value: orNone(a.arrangement) },
        { label: "I will not drive on the day of my ceremony", value: a.noDriving ? "Confirmed" : "Not confirmed" },
      ];
    }
    case "touch-consent": {
      const a = answers as DocumentAnswers["touch-consent"];
      return [
        {
          label: "Supportive touch (a hand held, a hand on the shoulder)",
          value: a.touch === "yes" ? "I consent" : "I do not consent",
        },
        { label: "Limits or wishes", value: orNone(a.limits) },
      ];
    }
    default: {
      const a = answers as DocumentAnswers["rights"];
      return [
        ...PARTICIPANT_RIGHTS.map((right, i) => ({ label: `Right ${i + 1}`, value: right })),
        { label: "I have read these rights", value: a.acknowledged ? "Acknowledged" : "Not acknowledged" },
      ];
    }
  }
}
