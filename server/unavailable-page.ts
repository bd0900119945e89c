import type { Request, Response } from "express";
import { isEchoed } from "../app/forms/forms";
import { plainPage } from "../app/lib/plain-page";
import { readForm } from "./input-guard";

/**
 * What a person sees while the database cannot be reached: a plain page that needs nothing the
 * outage took away (no route, no data, no session).
 */
const SAID = {
  title: "Briefly unavailable",
  heading: "We will be back in a moment",
  link: { href: "/", label: "Return to Home" },
};
const PAGE = plainPage({
  ...SAID,
  paragraphs: [
    "Our records are out of reach for a short while, so we could not answer. If you just sent something, we cannot tell you here whether it arrived.",
    "Please try again in a minute or two. It is safe to send it again: go back (what you wrote is still in the form) and send it. Our forms remember each sending, so the same message sent twice is kept once.",
  ],
});

/**
 * After a form's post the page going back to may need the database too (a member's page is never
 * kept by the browser), so what was written is given back here, to copy and send again.
 */
const keptPage = (kept: string[]) =>
  plainPage({
    ...SAID,
    paragraphs: [
      "Our records are out of reach for a short while, so we could not answer. We cannot tell you here whether what you sent arrived.",
      "What you wrote is below: copy it, and try again in a minute or two. It is safe to send it twice: our forms remember each sending, so the same message is kept once.",
    ],
    kept,
  });

/** Seconds a client (or a proxy) should wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/** The answer to `req` while the database is out of reach: the plain page, with what a post wrote. */
export async function sendUnavailable(req: Request, res: Response) {
  const kept = req.method === "POST" && Buffer.isBuffer(req.body) ? await writtenIn(req) : [];
  res.status(503);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.type("html").send(kept.length > 0 ? keptPage(kept) : PAGE);
}

/**
 * A choice's value, a number, an address or a token (one printable ASCII word, as a form's
 * buttons, boxes and lists send them), not words a person wrote.
 */
const ONE_TOKEN = /^[\x21-\x7e]{0,40}$/;

/** The texts of a posted form that a person wrote (never a secret, the one-time key or a choice). */
async function writtenIn(req: Request): Promise<string[]> {
  const form = await readForm(req.headers["content-type"] ?? "", req.body as Buffer);
  const texts: string[] = [];
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value !== "string" || !isEchoed(name)) continue;
    const text = value.trim();
    if (!ONE_TOKEN.test(text) && !texts.includes(text)) texts.push(text);
  }
  return texts;
}
