import type { HealthAnswers } from "./application-validation";

/**
 * Screening of the application's health answers: words that need a Temple Keeper's attention
 * before any ceremony. A flag never rejects an application and is never shown to the applicant;
 * it tells staff where to look and why (the published contraindications of psilocybin sessions,
 * e.g. Johnson, Richards & Griffiths 2008, J Psychopharmacol 22(6):603-620). Word matching
 * finds "no history of psychosis" too: a keeper reads the sentence, the rule only points.
 */
export interface ScreeningFlag {
  code: string;
  reason: string;
}

interface Rule {
  code: string;
  reason: string;
  words: ReadonlyArray<string>;
}

const RULES: ReadonlyArray<Rule> = [
  {
    code: "lithium",
    reason: "Mentions lithium: reports of seizures when combined with psychedelics.",
    words: ["lithium", "lithobid", "eskalith"],
  },
  {
    code: "maoi",
    reason: "Mentions an MAOI: interaction risk; needs a clinician's view before any ceremony.",
    words: [
      "maoi",
      "mao inhibitor",
      "monoamine oxidase",
      "phenelzine",
      "nardil",
      "tranylcypromine",
      "parnate",
      "isocarboxazid",
      "marplan",
      "selegiline",
      "emsam",
      "moclobemide",
    ],
  },
  {
    code: "tricyclic",
    reason: "Mentions a tricyclic antidepressant: interaction risk.",
    words: [
      "tricyclic",
      "amitriptyline",
      "nortriptyline",
      "imipramine",
      "clomipramine",
      "desipramine",
      "doxepin",
      "protriptyline",
    ],
  },
  {
    code: "ssri-snri",
    reason: "Mentions an SSRI or SNRI: effects may be blunted; any taper must be medically supervised.",
    words: [
      "ssri",
      "snri",
      "antidepressant",
      "fluoxetine",
      "prozac",
      "sertraline",
      "zoloft",
      "paroxetine",
      "paxil",
      "citalopram",
      "celexa",
      "escitalopram",
      "lexapro",
      "fluvoxamine",
      "luvox",
      "venlafaxine",
      "effexor",
      "desvenlafaxine",
      "pristiq",
      "duloxetine",
      "cymbalta",
      "levomilnacipran",
      "trazodone",
    ],
  },
  {
    code: "psychosis-bipolar",
    reason:
      "Mentions psychosis, schizophrenia or bipolar disorder (in the person or family): a known exclusion criterion.",
    words: [
      "psychosis",
      "psychotic",
      "schizo",
      "bipolar",
      "manic",
      "mania",
      "hallucinat",
      "delusion",
      "antipsychotic",
      "quetiapine",
      "seroquel",
      "olanzapine",
      "risperidone",
      "aripiprazole",
      "abilify",
    ],
  },
  {
    code: "suicidal",
    reason: "Mentions suicidal thoughts or self-harm: contact the person with care before anything else.",
    words: [
      "suicid",
      "kill myself",
      "end my life",
      "ending my life",
      "want to die",
      "self-harm",
      "self harm",
      "hurt myself",
      "cutting myself",
    ],
  },
  {
    code: "heart",
    reason: "Mentions a heart or blood-pressure condition: psilocybin raises heart rate and blood pressure.",
    words: [
      "heart condition",
      "heart disease",
      "heart attack",
      "heart problem",
      "heart murmur",
      "heart surgery",
      "heart failure",
      "heart rhythm",
      "cardiac",
      "arrhythmia",
      "atrial",
      "pacemaker",
      "hypertension",
      "high blood pressure",
      "angina",
      "stroke",
      "aneurysm",
    ],
  },
  {
    code: "pregnancy",
    reason: "Mentions pregnancy or breastfeeding: ceremonies are not offered.",
    words: ["pregnan", "expecting a baby", "breastfeed", "breast-feed", "nursing my"],
  },
  {
    code: "seizure",
    reason: "Mentions seizures or epilepsy.",
    words: ["seizure", "epilep", "convulsion"],
  },
];

/** A word matches at the start of a word ("suicid" finds "suicidal"; "mania" does not find "Romania"). */
const PATTERNS = RULES.map((rule) => ({
  ...rule,
  pattern: new RegExp(`\\b(?:${rule.words.join("|")})`, "iu"),
}));

export function screen(answers: HealthAnswers): ScreeningFlag[] {
  const text = Object.values(answers).join("\n");
  return PATTERNS.filter((rule) => rule.pattern.test(text)).map(({ code, reason }) => ({ code, reason }));
}
