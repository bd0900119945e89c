import type { Response } from "express";

/**
 * What a person sees while the database cannot be reached: a plain page that needs nothing the
 * outage took away (no route, no data, no session). Styled inline in the site's colours.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Briefly unavailable | Sacred Path Congregation</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#07061a;color:#e9e4f7;font-family:Georgia,'Times New Roman',serif;padding:1.5rem;box-sizing:border-box">
<main style="max-width:34rem;text-align:center">
<h1 style="font-size:2rem;font-weight:600;margin:0 0 1rem">We will be back in a moment</h1>
<p style="font-family:system-ui,sans-serif;line-height:1.6;color:#c4bcdc;margin:0 0 1rem">Our records are out of reach for a short while, so we could not answer. If you just sent something, we cannot tell you here whether it arrived.</p>
<p style="font-family:system-ui,sans-serif;line-height:1.6;color:#c4bcdc;margin:0 0 2rem">Please try again in a minute or two. It is safe to send it again: go back (what you wrote is still in the form) and send it. Our forms remember each sending, so the same message sent twice is kept once.</p>
<a href="/" style="display:inline-block;font-family:system-ui,sans-serif;background:#e8c46a;color:#0d0b26;padding:.75rem 1.5rem;border-radius:9999px;text-decoration:none;font-weight:600">Return to Home</a>
</main>
</body>
</html>`;

/** Seconds a client (or a proxy) should wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

export function sendUnavailable(res: Response) {
  res.status(503);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.type("html").send(PAGE);
}
