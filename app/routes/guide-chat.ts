import { data } from "react-router";
import { readSubmission, refused } from "~/lib/form-action.server";
import type { FormResult } from "~/lib/forms";
import { CHAT_LIMITS, CHAT_MESSAGES, type GuideReply, sanitiseChatMessage } from "~/modules/messages/chat";
import { guideReply } from "~/modules/messages/chat-replies.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/guide-chat";

const LIMIT = { name: "guide-chat", limit: CHAT_LIMITS.perWindow, windowSeconds: CHAT_LIMITS.windowSeconds } as const;

/**
 * POST only: the guide chat widget (which exists only once the app runs) sends one message and
 * gets the guide's reply as data, through the form pipeline's answers. Messages are not stored (a
 * scripted guide needs no record of what visitors say), so no one-time key is needed; only the
 * rate-limit count is, per visitor address, so the 5-per-15-minutes limit holds across reloads,
 * restarts and app instances.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  const message = sanitiseChatMessage(submission.fields.message ?? "");
  if (!message) return refused(submission, CHAT_MESSAGES.required, 400);
  const limited = await hit(context.db, LIMIT, context.clientIp);
  if (!limited.allowed) {
    return refused(submission, CHAT_MESSAGES.tooMany, 429, {
      retryAfterSeconds: limited.retryAfterSeconds,
      rateLimited: true,
    });
  }
  return { ok: true, data: { echo: message, reply: guideReply(message) } } satisfies FormResult<{
    echo: string;
    reply: GuideReply;
  }>;
}

export function loader() {
  throw data(null, { status: 404 });
}
