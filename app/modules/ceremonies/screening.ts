import { CLIENT_QUESTIONS, type ClientInformation } from "./documents";

/**
 * What a signed client information form means for the keepers: each "yes" to a screened question
 * is a flag with a code and a reason, never the answers themselves. `excludes`: this ceremony is
 * not safe for the person (lithium: seizures reported with psychedelics, Nayak et al. 2021, Pharmacopsychiatry 54(5):240-245;
 * an allergy to fungi). `judgement`: a keeper talks with the
 * person before the place is confirmed (the published exclusions of psilocybin research, Johnson,
 * Richards & Griffiths 2008, J Psychopharmacol 22(6):603-620). Thoughts of harm now: urgent, the
 * crisis lines shown to the member at once.
 */
export interface PacketFlag {
  code: string;
  severity: "excludes" | "judgement";
  urgent: boolean;
}

export const FLAG_REASONS: Record<string, string> = {
  lithium:
    "Lithium in the last 30 days: seizures are reported with psychedelics. This ceremony is not safe for them now.",
  fungiAllergy: "Allergic to fungi: the sacrament is a mushroom. This ceremony is not safe for them.",
  psychosis: "A personal or family history of psychosis or bipolar I: talk with them, and ask their clinician.",
  treatment: "In treatment now: talk with them about it, and with their consent with their clinician.",
  heart: "A heart condition, high blood pressure or a stroke: psilocybin raises heart rate and blood pressure.",
  seizures: "Seizures or epilepsy: talk with them and their clinician before any ceremony.",
  pregnancy: "Pregnant, perhaps pregnant, or breastfeeding: not a time for a ceremony; talk with them.",
  difficultReaction: "An earlier reaction that needed care: ask what happened and what helped.",
  harmPast: "Thoughts of harm in the past: ask how they are now, and what supports them.",
  harmNow: "Thoughts of harm now: reach out today. They were shown the crisis lines.",
};

export function screenClientInformation(answers: ClientInformation): PacketFlag[] {
  return CLIENT_QUESTIONS.flatMap((question) => {
    if (question.screen === null || answers[question.name] !== "yes") return [];
    const urgent = question.screen === "urgent";
    return [{ code: question.name, severity: question.screen === "excludes" ? "excludes" : "judgement", urgent }];
  });
}

export const flagReason = (code: string) => FLAG_REASONS[code] ?? "Needs a keeper's judgement.";
