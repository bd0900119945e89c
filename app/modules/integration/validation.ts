import { z } from "zod/mini";
import { checkbox } from "~/lib/checkbox";
import { INTEGRATION_MESSAGES } from "./messages";
import { ALL_TAGS } from "./tags";

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
  kind: z.enum(["share", "group-request", "message"], INTEGRATION_MESSAGES.shareKind),
  anonymous: checkbox(),
});

/** The member's next message in a conversation with the keepers. */
export const threadMessageSchema = z.object({
  message: z
    .string()
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.message), z.maxLength(5000, INTEGRATION_MESSAGES.messageLong)),
});

export const replySchema = z.object({
  reply: z
    .string()
    .check(z.trim(), z.minLength(1, "Please write a reply."), z.maxLength(5000, INTEGRATION_MESSAGES.shareLong)),
});

/** Words to turn into a visual prompt (the page without JavaScript asks the server; nothing is stored). */
export const visionWordsSchema = z.object({
  words: z
    .string()
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.noWords), z.maxLength(2000, INTEGRATION_MESSAGES.wordsLong)),
  variant: z.string().check(z.regex(/^\d{0,3}$/, INTEGRATION_MESSAGES.noPrompt)),
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
