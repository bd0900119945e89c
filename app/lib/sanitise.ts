/* Sanitisers applied as people type (the spec's sanitisers); the server still checks the rules (lib/person-fields). */
export const sanitiseName = (v: string) => v.replace(/[^\p{L}\p{M}\d .'’-]/gu, "").slice(0, 100);
export const sanitisePhone = (v: string) => v.replace(/[^\d+\-() ]/g, "").slice(0, 20);
export const sanitiseEmail = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/["'<>()[\]]/g, "")
    .slice(0, 254);
