import { data } from "react-router";
import { OneButtonPage } from "~/components/forms/one-button-page";
import { appContext } from "~/context";
import { succeeded } from "~/forms/action.server";
import { donePage } from "~/forms/outcome";
import { confirmSubscription } from "~/modules/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription" },
  { name: "robots", content: "noindex" },
];

/** Where a confirmation without JavaScript lands: the link is used up, so a reload must not post it again. */
const CONFIRMED_PAGE = donePage("/newsletter", "confirmed");

// Confirming is a POST behind a button: mail scanners open links (GET) and must not subscribe anyone.
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const outcome = await confirmSubscription(handles.db, params.token, handles.env.SITE_URL);
  if (outcome === "confirmed") return succeeded(request, { redirectTo: CONFIRMED_PAGE, data: { outcome } });
  return data({ outcome }, { status: 410 });
}

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  return (
    <OneButtonPage
      state={!actionData ? "ask" : "ok" in actionData ? "done" : "failed"}
      ask={{
        eyebrow: "One last step",
        title: "Confirm your subscription",
        text: "Press the button to start receiving updates about ceremonies and teachings.",
        button: "Confirm my subscription",
        busy: "Confirming...",
      }}
      done={{
        eyebrow: "Confirmed",
        title: "Welcome to our sacred circle",
        text: "You'll receive updates about ceremonies and teachings. Every letter carries a one-click unsubscribe link.",
      }}
      failed={{
        eyebrow: "Link expired",
        title: "This link no longer works",
        text: "It may have been used already or be more than seven days old. You can sign up again from the home page.",
      }}
    />
  );
}
