import { data } from "react-router";
import { type FormResult, formToObject } from "~/lib/forms";
import { CHAT_LIMITS, CHAT_MESSAGES, type GuideReply, sanitiseChatMessage } from "~/modules/messages/chat";
import { guideReply } from "~/modules/messages/chat-replies.server";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/guide-chat";

/**
 * POST only: the guide chat widget sends one message and gets the guide's reply. Messages are
 * not stored (a scripted guide needs no record of what visitors say); only the rate-limit
 * count is, per visitor address, so the 5-per-15-minutes limit holds across reloads,
 * restarts and app instances.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const message = sanitiseChatMessage(formToObject(await request.formData()).message ?? "");
  if (!message) {
    return data({ ok: false, fieldErrors: {}, formError: CHAT_MESSAGES.required } satisfies FormResult, {
      status: 400,
    });
  }
  const limited = await limit(
    context.db,
    { name: "guide-chat", limit: CHAT_LIMITS.perWindow, windowSeconds: CHAT_LIMITS.windowSeconds },
    context.clientIp,
    CHAT_MESSAGES.tooMany,
  );
  if (limited) return limited;
  return { ok: true, data: { echo: message, reply: guideReply(message) } } satisfies FormResult<{
    echo: string;
    reply: GuideReply;
  }>;
}

export function loader() {
  throw data(null, { status: 404 });
}
