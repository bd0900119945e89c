import type { Response } from "express";
import { plainPage } from "../app/lib/plain-page";

/**
 * What a person sees while the database cannot be reached: a plain page that needs nothing the
 * outage took away (no route, no data, no session).
 */
const PAGE = plainPage({
  title: "Briefly unavailable",
  heading: "We will be back in a moment",
  paragraphs: [
    "Our records are out of reach for a short while, so we could not answer. If you just sent something, we cannot tell you here whether it arrived.",
    "Please try again in a minute or two. It is safe to send it again: go back (what you wrote is still in the form) and send it. Our forms remember each sending, so the same message sent twice is kept once.",
  ],
  link: { href: "/", label: "Return to Home" },
});

/** Seconds a client (or a proxy) should wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

export function sendUnavailable(res: Response) {
  res.status(503);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.type("html").send(PAGE);
}
