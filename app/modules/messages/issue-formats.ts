/** How a newsletter issue's body is written: the form's choice and the database's word. */
export const issueFormats = ["markdown", "plain"] as const;
export type IssueFormat = (typeof issueFormats)[number];
