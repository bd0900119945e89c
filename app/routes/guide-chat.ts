import { data } from "react-router";
import { appContext } from "~/context";
import { invalid, readSubmission, refused } from "~/forms/action.server";
import type { FormResult } from "~/forms/forms";
import { CHAT_LIMITS, type GuideReply, sanitiseChatMessage } from "~/modules/contact/chat";
import { guideReply } from "~/modules/contact/chat-replies.server";
import { CHAT_MESSAGES } from "~/modules/contact/messages";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import type { Route } from "./+types/guide-chat";

/**
 * POST only: the guide chat widget (which exists only once the app runs) sends one message and
 * gets the guide's reply as data, through the form pipeline's answers. Messages are not stored (a
 * scripted guide needs no record of what visitors say), so no one-time key is needed; only the
 * rate-limit count is, per visitor address, so the 5-per-15-minutes limit holds across reloads,
 * restarts and app instances.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  const message = sanitiseChatMessage(submission.fields.message ?? "");
  if (!message) return invalid(submission, { message: CHAT_MESSAGES.required.description }, CHAT_MESSAGES.required);
  // The widget's box takes CHAT_LIMITS.input characters; a longer message was not typed there.
  if ((submission.fields.message ?? "").length > CHAT_LIMITS.input) {
    return invalid(submission, { message: CHAT_MESSAGES.tooLong.description }, CHAT_MESSAGES.tooLong);
  }
  const limited = await hit(handles.db, RATE_LIMITS.guideChat, handles.clientIp);
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
