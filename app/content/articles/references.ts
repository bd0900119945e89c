import type { Reference } from "../types";

/** Works cited by more than one article. */
export const griffiths2006: Reference = {
  authors: "Griffiths, R. R., Richards, W. A., McCann, U., & Jesse, R.",
  year: 2006,
  title:
    "Psilocybin can occasion mystical-type experiences having substantial and sustained personal meaning and spiritual significance",
  source: "Psychopharmacology, 187(3), 268-283",
  url: "https://doi.org/10.1007/s00213-006-0457-5",
};

export const safetyGuidelines2008: Reference = {
  authors: "Johnson, M. W., Richards, W. A., & Griffiths, R. R.",
  year: 2008,
  title: "Human hallucinogen research: guidelines for safety",
  source: "Journal of Psychopharmacology, 22(6), 603-620",
  url: "https://doi.org/10.1177/0269881108093587",
};

export const griffiths2016: Reference = {
  authors: "Griffiths, R. R., Johnson, M. W., Carducci, M. A., et al.",
  year: 2016,
  title:
    "Psilocybin produces substantial and sustained decreases in depression and anxiety in patients with life-threatening cancer: A randomized double-blind trial",
  source: "Journal of Psychopharmacology, 30(12), 1181-1197",
  url: "https://doi.org/10.1177/0269881116675513",
};

export const ross2016: Reference = {
  authors: "Ross, S., Bossis, A., Guss, J., et al.",
  year: 2016,
  title:
    "Rapid and sustained symptom reduction following psilocybin treatment for anxiety and depression in patients with life-threatening cancer: a randomized controlled trial",
  source: "Journal of Psychopharmacology, 30(12), 1165-1180",
  url: "https://doi.org/10.1177/0269881116675512",
};

export const lithiumSeizures2021: Reference = {
  authors: "Nayak, S. M., Gukasyan, N., Barrett, F. S., Erowid, E., Erowid, F., & Griffiths, R. R.",
  year: 2021,
  title:
    "Classic psychedelic coadministration with lithium, but not lamotrigine, is associated with seizures: An analysis of online psychedelic experience reports",
  source: "Pharmacopsychiatry, 54(5), 240-245",
  url: "https://doi.org/10.1055/a-1524-2794",
};

export const rebus2019: Reference = {
  authors: "Carhart-Harris, R. L., & Friston, K. J.",
  year: 2019,
  title: "REBUS and the anarchic brain: Toward a unified model of the brain action of psychedelics",
  source: "Pharmacological Reviews, 71(3), 316-344",
  url: "https://doi.org/10.1124/pr.118.017160",
};
