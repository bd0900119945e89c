import type { Env } from "../../../app/env.server";
import { smtpTransport } from "../../../app/modules/mail/sender.server";
import { checkPaypalCredentials } from "../../../app/modules/payments/paypal-check.server";
import { type ClockReading, dateHeader, describeError, type Finding, finding } from "./findings";

/** Why an SMTP check failed, in words that point at SMTP_URL. */
function smtpProblem(smtpUrl: string, error: unknown): string {
  const url = new URL(smtpUrl);
  const code = (error as { code?: string }).code;
  const at = `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  const reason =
    code === "EAUTH"
      ? `the server at ${at} refused the user name and password in SMTP_URL`
      : code === "EDNS"
        ? `the host "${url.hostname}" was not found`
        : code === "ETIMEDOUT"
          ? `${at} did not answer in time (a firewall, or the wrong port: 587 for smtp://, 465 for smtps://)`
          : /ECONNREFUSED/.test(describeError(error))
            ? `nothing is listening at ${at}`
            : describeError(error);
  return `SMTP_URL (${url.protocol}//${url.host}): ${reason}. Fix SMTP_URL with your mail provider's settings (docs/deployment.md, "Email"), or set MAIL_DELIVERY=off to send nothing.`;
}

// (3) SMTP: connects, greets (EHLO) and signs in when SMTP_URL has a user; or delivery off.
export async function smtpFindings(env: Env): Promise<Finding[]> {
  if (env.MAIL_DELIVERY === "off") {
    return [
      finding(
        "ok",
        "smtp",
        "mail delivery is off (MAIL_DELIVERY=off): no email is sent, queued mail stays in the outbox",
      ),
    ];
  }
  if (!env.SMTP_URL) {
    return [
      finding(
        env.isProduction ? "warn" : "ok",
        "smtp",
        'SMTP_URL is not set: every email waits in the outbox (Console → Outbox) until it is. Set SMTP_URL=smtp://<user>:<password>@<host>:587 (docs/deployment.md, "Email").',
      ),
    ];
  }
  const transport = smtpTransport(env.SMTP_URL);
  try {
    await transport.verify();
    const url = new URL(env.SMTP_URL);
    return [
      finding(
        "ok",
        "smtp",
        `${url.host} answered and greeted${url.username ? `, and took the user ${decodeURIComponent(url.username)}` : ""}`,
      ),
    ];
  } catch (error) {
    return [finding("FAIL", "smtp", smtpProblem(env.SMTP_URL, error))];
  } finally {
    transport.close();
  }
}

// (4) PayPal: one OAuth token request, as the start makes; or payments off.
export async function paypalFindings(env: Env, clock: ClockReading[]): Promise<Finding[]> {
  if (env.PAYMENT_PROVIDER === "none") {
    return [
      finding(
        "ok",
        "paypal",
        "online payment is off (PAYMENT_PROVIDER=none): giving and booking point to the Contact page",
      ),
    ];
  }
  if (env.PAYMENT_PROVIDER === "test") {
    return [
      finding(
        env.isProduction ? "warn" : "ok",
        "paypal",
        "PAYMENT_PROVIDER=test: the local test provider takes no money (for development and tests)",
      ),
    ];
  }
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) {
    return [finding("warn", "paypal", "not checked until PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set (above)")];
  }
  const recordingFetch: typeof fetch = async (input, init) => {
    const sent = Date.now();
    const response = await fetch(input, init);
    const at = dateHeader(response.headers.get("date"));
    if (at !== undefined) clock.push({ source: "PayPal", at, sent, received: Date.now() });
    return response;
  };
  const check = await checkPaypalCredentials({
    baseUrl: env.PAYPAL_API_URL,
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    environment: env.PAYPAL_ENV,
    fetch: recordingFetch,
  });
  const host = new URL(env.PAYPAL_API_URL).host;
  if (check.kind === "accepted") {
    const sandbox = env.isProduction && env.PAYPAL_ENV === "sandbox";
    return [
      finding(
        sandbox ? "warn" : "ok",
        "paypal",
        sandbox
          ? `${host} accepted the credentials, but PAYPAL_ENV=sandbox takes no real money. Set PAYPAL_ENV=live with live credentials (docs/deployment.md, "PayPal live").`
          : `${host} accepted PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (PAYPAL_ENV=${env.PAYPAL_ENV})`,
      ),
    ];
  }
  if (check.kind === "refused") return [finding("FAIL", "paypal", check.message)];
  return [
    finding(
      "FAIL",
      "paypal",
      `${check.message.replace(/ Starting anyway; .*$/, "")} Payments fail until it answers: check the host's outgoing HTTPS (and PAYPAL_API_URL if set), or set PAYMENT_PROVIDER=none.`,
    ),
  ];
}
