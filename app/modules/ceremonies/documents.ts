/**
 * The readiness packet (issue 49): the documents a member signs before a ceremony, with their
 * versions and questions. Browser-safe (the forms render from it). Modelled on Oregon's rules for
 * psilocybin services, the most detailed public standard: the client information form of OAR
 * 333-333-5050, the transportation plan of OAR 333-333-5150 and the client's rights; the
 * congregation is not bound by them and meets them because they are the best-considered practice.
 * A changed question is a new `version`: a signature always names the version it signed.
 */
export const DOCUMENT_KINDS = [
  "client-information",
  "medicines",
  "safety-plan",
  "transportation",
  "touch-consent",
  "rights",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (value: string | undefined): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(value ?? "");

export interface DocumentInfo {
  title: string;
  version: string;
  /** One line on the packet's list: what it is for. */
  purpose: string;
}

export const DOCUMENTS: Record<DocumentKind, DocumentInfo> = {
  "client-information": {
    title: "Client information form",
    version: "2026-11-29",
    purpose: "Yes-or-no questions about your health and needs, so we can prepare for you and keep you safe.",
  },
  medicines: {
    title: "Medicines and medical devices",
    version: "2026-11-29",
    purpose: "Everything you take or carry, so the facilitators know it on the day.",
  },
  "safety-plan": {
    title: "Safety and support plan",
    version: "2026-11-29",
    purpose: "Who supports you, whom we call in an emergency, and what helps you when it gets hard.",
  },
  transportation: {
    title: "Transportation plan",
    version: "2026-11-29",
    purpose: "Who takes you home. No one drives on the day of their ceremony.",
  },
  "touch-consent": {
    title: "Consent to supportive touch",
    version: "2026-11-29",
    purpose: "Whether a facilitator may offer a hand or a hand on the shoulder. You can change it at any time.",
  },
  rights: {
    title: "Your rights as a participant",
    version: "2026-11-29",
    purpose: "What you can always expect of us, acknowledged.",
  },
};

/**
 * The client information form's questions (yes or no). `screen` says what a "yes" means for the
 * keepers (screening.ts); `null` is noted for the facilitators and flags nothing.
 */
export const CLIENT_QUESTIONS = [
  {
    name: "lithium",
    text: "Have you taken lithium in the last 30 days?",
    screen: "excludes",
  },
  {
    name: "fungiAllergy",
    text: "Are you allergic to mushrooms or any other fungi?",
    screen: "excludes",
  },
  {
    name: "psychosis",
    text: "Have you, or a parent, brother or sister, ever been diagnosed with schizophrenia, psychosis or bipolar I disorder?",
    screen: "judgement",
  },
  {
    name: "treatment",
    text: "Are you being treated now by a doctor, therapist or counsellor for a physical or mental health condition?",
    screen: "judgement",
  },
  {
    name: "heart",
    text: "Do you have a heart condition or high blood pressure, or have you had a stroke?",
    screen: "judgement",
  },
  {
    name: "seizures",
    text: "Have you ever had a seizure, or been told you have epilepsy?",
    screen: "judgement",
  },
  {
    name: "pregnancy",
    text: "Are you pregnant, could you be, or are you breastfeeding?",
    screen: "judgement",
  },
  {
    name: "difficultReaction",
    text: "Have you ever had a reaction to a psychedelic that needed medical or psychiatric care?",
    screen: "judgement",
  },
  {
    name: "harmPast",
    text: "Have you ever had thoughts of harming yourself or someone else?",
    screen: "judgement",
  },
  {
    name: "harmNow",
    text: "Are you having thoughts of harming yourself or someone else now?",
    screen: "urgent",
  },
  {
    name: "medicineDuringSession",
    text: "Might you need a medicine during the session (an inhaler, insulin, an epinephrine pen)?",
    screen: null,
  },
  {
    name: "interpreter",
    text: "Would you like an interpreter for your preparation or your ceremony?",
    screen: null,
  },
  {
    name: "mobility",
    text: "Do you need support with moving about, or with a medical device, during the day?",
    screen: null,
  },
] as const satisfies ReadonlyArray<{ name: string; text: string; screen: "excludes" | "judgement" | "urgent" | null }>;
export type ClientQuestion = (typeof CLIENT_QUESTIONS)[number]["name"];

/** The participant's rights, each acknowledged by signing the last document. */
export const PARTICIPANT_RIGHTS = [
  "To be treated with dignity and respect, whatever your beliefs, background, gender, sexuality or body.",
  "To withdraw from the ceremony at any time, before or during it, without giving a reason, and without being pressed to stay.",
  "To say no to any touch at any moment, and to change your answer about supportive touch whenever you wish.",
  "To be told what the sacrament is, what it may do, and what is planned for the day, before you agree to take part.",
  "To have at least one facilitator with you, sober and attentive, for the whole of your session.",
  "To have your information kept private: shared with the facilitators who need it for your safety, and with no one else unless the law or an emergency requires it.",
  "To see what you signed and to download it, and to withdraw a document until the day.",
  "To be taken to emergency care if you need it, and to have your emergency contact told.",
  "To raise a concern or complaint with the congregation's board, and to be answered.",
] as const;

/** The answers each document keeps, as the forms send them (validation.ts checks them). */
export type ClientInformation = Record<ClientQuestion, "yes" | "no"> & { notes: string };
export interface Medicines {
  medicines: string;
  devices: string;
}
export interface SafetyPlan {
  supportName: string;
  supportPhone: string;
  emergencyName: string;
  emergencyPhone: string;
  whatHelps: string;
}
export interface Transportation {
  driverName: string;
  driverPhone: string;
  arrangement: string;
  noDriving: boolean;
}
export interface TouchConsent {
  touch: "yes" | "no";
  limits: string;
}
export interface Rights {
  acknowledged: boolean;
}
export interface DocumentAnswers {
  "client-information": ClientInformation;
  medicines: Medicines;
  "safety-plan": SafetyPlan;
  transportation: Transportation;
  "touch-consent": TouchConsent;
  rights: Rights;
}
