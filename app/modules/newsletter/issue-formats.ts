/** How a newsletter issue's body is written: the form's choice and the database's word. */
export const issueFormats = ["markdown", "plain"] as const;
export type IssueFormat = (typeof issueFormats)[number];

/** The longest body the form accepts, in characters; the renderer reads no more as Markdown. */
export const ISSUE_BODY_MAX = 50_000;
