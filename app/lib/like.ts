/** A LIKE / ILIKE pattern for "contains": the typed text's own % and _ match only themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
