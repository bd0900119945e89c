// zod/mini, as the public forms: the console's newsletter forms check themselves in the browser too.
// Kept apart from ./validation so the public pages' bundles carry none of it.
import { z } from "zod/mini";
import { ISSUE_BODY_MAX, issueFormats } from "./issue-formats";

/** A newsletter issue as a keeper writes it in the console. */
export const newsletterIssueSchema = z.object({
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please write a subject."),
      z.maxLength(200, "Please keep the subject under 200 characters."),
    ),
  format: z.enum(issueFormats, "Choose Markdown or plain text."),
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please write the issue."),
      z.maxLength(ISSUE_BODY_MAX, "Please keep the issue under 50,000 characters."),
    ),
});

/** Sending cannot be undone: the keeper ticks that they mean it. */
export const newsletterSendSchema = z.object({
  confirm: z.string().check(z.minLength(1, "Tick the box to confirm that this issue goes to every subscriber.")),
});
