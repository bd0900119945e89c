import { z } from "zod/mini";
import { INTEGRATION_MESSAGES } from "./messages";
import { ALL_TAGS } from "./tags";

export { INTEGRATION_MESSAGES };

const tags = new Set(ALL_TAGS);
const optionalText = z.string().check(z.trim(), z.maxLength(5000, INTEGRATION_MESSAGES.long));

export const integrationSessionSchema = z.object({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.missing), z.maxLength(200, INTEGRATION_MESSAGES.long)),
  reflection: z
    .string()
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.missing), z.maxLength(5000, INTEGRATION_MESSAGES.long)),
  insights: optionalText,
  emotions: optionalText,
  bodyAwareness: optionalText,
  integrationGoals: optionalText,
  tags: z.array(z.string()).check(z.refine((list) => list.every((t) => tags.has(t)), INTEGRATION_MESSAGES.tags)),
});
export type IntegrationSessionInput = z.infer<typeof integrationSessionSchema>;

export const shareSchema = z.object({
  content: z
    .string()
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.share), z.maxLength(5000, INTEGRATION_MESSAGES.shareLong)),
  kind: z.enum(["share", "group-request", "message"]),
  anonymous: z.optional(z.string()),
});

export const replySchema = z.object({
  reply: z
    .string()
    .check(z.trim(), z.minLength(1, "Please write a reply."), z.maxLength(5000, INTEGRATION_MESSAGES.shareLong)),
});

/** A vision prompt and its seed, as the Voice-to-Vision panel made them. */
export const visionSchema = z
  .object({
    prompt: z
      .string()
      .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.noPrompt), z.maxLength(1000, INTEGRATION_MESSAGES.noPrompt)),
    seed: z.string(),
    sessionId: z.string(),
  })
  .check(
    z.refine(({ prompt, seed }) => seed.startsWith(prompt) && seed.length <= prompt.length + 12, {
      message: INTEGRATION_MESSAGES.noPrompt,
      path: ["prompt"],
    }),
  );

/** SPEC.md's "Save Error", said when a save's answer did not arrive. */
export const INTEGRATION_NOT_SAVED = {
  title: "Save Error",
  description: "Failed to save your session. Please try again.",
};
/** SPEC.md's "Sharing Error". */
export const SHARE_NOT_SENT = {
  title: "Sharing Error",
  description: "Failed to share with facilitator. Please try again.",
};
