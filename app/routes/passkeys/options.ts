import { data } from "react-router";
import { appContext } from "~/context";
import { invalid, parse, readSubmission, refused } from "~/forms/action.server";
import type { FormResult } from "~/forms/forms";
import { getViewer } from "~/modules/accounts/session.server";
import { pendingSignIn } from "~/modules/accounts/two-factor.server";
import { ceremonyBegun } from "~/modules/passkeys/budgets.server";
import { authenticationOptions, registrationOptions } from "~/modules/passkeys/ceremonies.server";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { passkeyCeremonySchema } from "~/modules/passkeys/validation";
import type { Route } from "./+types/options";

const LIMITED = { title: "Too many attempts", description: PASSKEY_MESSAGES.limited };
const SIGN_IN_FIRST = { title: "Not signed in", description: PASSKEY_MESSAGES.signInFirst };

/**
 * POST only: the options for one passkey ceremony, with a challenge the server keeps for five
 * minutes and accepts once. Making a passkey needs a session (that passed the second factor where
 * the account has one); the second step of a sign-in needs the pending sign-in's cookie, and a step-up a session that has
 * not passed the second factor yet; signing
 * in with a passkey needs nothing. Each ceremony begun is counted for its account, a sign-in (no
 * account yet) for the client address under a high ceiling (passkeys/budgets.server.ts). Answered
 * as data (JSON), never cached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  const parsed = parse(submission, passkeyCeremonySchema);
  if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
  const answer = async (account: string | null, options: () => Promise<unknown>) => {
    const limited = await ceremonyBegun(handles.db, account, handles.clientIp);
    if (!limited.allowed) {
      return refused(submission, LIMITED, 429, { retryAfterSeconds: limited.retryAfterSeconds, rateLimited: true });
    }
    return { ok: true, data: { options: await options() } } satisfies FormResult<{ options: unknown }>;
  };
  switch (parsed.data.ceremony) {
    case "register": {
      const viewer = await getViewer(request, handles);
      if (!viewer || (viewer.twoFactorEnabled && !viewer.sessionTwoFactor)) {
        return refused(submission, SIGN_IN_FIRST, 401);
      }
      return answer(viewer.id, () => registrationOptions(handles.db, request, viewer));
    }
    case "sign-in":
      return answer(null, () => authenticationOptions(handles.db, request, null));
    case "second-factor": {
      const pending = await pendingSignIn(request, handles);
      if (!pending) return refused(submission, SIGN_IN_FIRST, 401);
      return answer(pending.userId, () => authenticationOptions(handles.db, request, pending.userId));
    }
    // A session opened with the password proves itself with one of its account's passkeys.
    case "step-up": {
      const viewer = await getViewer(request, handles);
      if (!viewer?.twoFactorEnabled || viewer.sessionTwoFactor) return refused(submission, SIGN_IN_FIRST, 401);
      return answer(viewer.id, () => authenticationOptions(handles.db, request, viewer.id));
    }
  }
}

/** POST only: a GET finds nothing here. */
export function loader() {
  throw data(null, { status: 404 });
}
