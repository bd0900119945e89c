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
