import { data } from "react-router";
import { OneButtonPage } from "~/components/forms/one-button-page";
import { appContext } from "~/context";
import { unsubscribe } from "~/modules/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

/** Serves the page's button and RFC 8058 one-click POSTs from mail providers alike. */
export async function action({ params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const found = await unsubscribe(handles.db, params.token);
  return data({ done: found }, { status: found ? 200 : 410 });
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <OneButtonPage
      state={!actionData ? "ask" : actionData.done ? "done" : "failed"}
      ask={{
        eyebrow: "Newsletter",
        title: "Unsubscribe from our letters",
        text: "Press the button and we will stop writing to this address.",
        button: "Unsubscribe",
        busy: "Unsubscribing...",
      }}
      done={{
        eyebrow: "Unsubscribed",
        title: "You will receive no more letters",
        text: "Thank you for the time you spent with us. You can sign up again from the home page whenever you wish.",
      }}
      failed={{
        eyebrow: "Unknown link",
        title: "We could not find this subscription",
        text: "The link may be incomplete. If letters keep arriving, please write to us from the contact page.",
      }}
    />
  );
}
