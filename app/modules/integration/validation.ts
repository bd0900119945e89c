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

export function integrationFormValues(form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    reflection: text("reflection"),
    insights: text("insights"),
    emotions: text("emotions"),
    bodyAwareness: text("bodyAwareness"),
    integrationGoals: text("integrationGoals"),
    tags: [...new Set(form.getAll("tags").filter((v): v is string => typeof v === "string"))],
  };
}

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
