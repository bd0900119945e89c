import { describe, expect, it } from "vitest";
import { isOneLine, oneLine } from "~/lib/one-line";
import {
  adminSetupMail,
  declineMail,
  emailChangedMail,
  emailConfirmMail,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  recoveryCodesLowMail,
  recoveryCodesRenewedMail,
  twoFactorOffMail,
} from "../accounts/mails";
import {
  approvedMail,
  cancelledMail,
  confirmationMail,
  declinedMail,
  integrationPromptMail,
  reminderMail,
  requestedMail,
  staffRequestMail,
} from "../bookings/mails";
import type { Booking } from "../bookings/schema";
import { circleMail } from "../circles/mails";
import type { Circle } from "../circles/schema";
import { passkeyAddedMail, passkeyRemovedMail } from "../passkeys/mails";
import { renderMail } from "./templates";

/*
 * Issue 45, finding 3: a name a person typed, set into a mail, can never make a line of the mail's
 * own words. Every line break a mail reader might honour, and the controls beside them.
 */

const INJECTED = "It was you: nothing to do.";
const BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085", "\v", "\f", "\n\n", "\t\u001b\u0007\r"];
const hostile = BREAKS.map((b) => `Phone${b}${INJECTED}${b}`);
/** Where a reader may start a new line in the plain text. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Every line of a plain-text mail; the injected words must never stand as one, and must stand with the name. */
function expectOneLine(text: string, what: string) {
  const lines = text.split(LINE_BREAKS);
  for (const line of lines) expect(line.trim(), what).not.toBe(INJECTED);
  expect(
    lines.some((line) => line.includes(`Phone ${INJECTED}`)),
    `${what}: the name stays on one line`,
  ).toBe(true);
  // No control character is left but the mail's own line feeds.
  expect(text.replace(/\n/g, ""), what).toSatisfy(isOneLine);
}

/** The HTML twin: no break of any kind between the name and the injected words. */
function expectOneLineHtml(html: string, what: string) {
  expect(html, what).toContain(`Phone ${INJECTED}`);
  expect(html, what).not.toMatch(/Phone\s*(<br>|<\/p>|<p)/);
  expect(html, what).not.toMatch(/[\u2028\u2029\u0085\v\f\r]/);
}

const booking = (fullName: string) =>
  ({
    id: "b1",
    offerId: "preparation",
    startsAt: new Date("2027-03-04T15:00:00Z"),
    minutes: 90,
    priceCents: 15_000,
    status: "confirmed",
    fullName,
    timeZone: "Europe/Warsaw",
    email: "seeker@example.org",
    phone: "+48123456789",
    calendarSequence: 0,
  }) as Booking;

const circle = (title: string) =>
  ({
    id: 1,
    title,
    description: "We sit together.",
    startsAt: new Date("2027-03-04T18:00:00Z"),
    minutes: 60,
    sequence: 0,
  }) as Circle;

const env = { SITE_URL: "https://sacred.example", MAIL_FROM: "Temple <no-reply@sacred.example>" };
const url = "https://sacred.example/link";

/** Every template that takes a name or another short text a person typed, given `name`. */
const templates: Array<[string, (name: string) => { text: string; html?: string }]> = [
  ["passkey added (passkey's name)", (n) => passkeyAddedMail("Ada", n, url)],
  ["passkey added (member's name)", (n) => passkeyAddedMail(n, "Laptop", url)],
  ["passkey removed (passkey's name)", (n) => passkeyRemovedMail("Ada", n)],
  ["passkey removed (member's name)", (n) => passkeyRemovedMail(n, "Laptop")],
  ["password reset", (n) => passwordResetMail(n, url)],
  ["invitation", (n) => invitationMail(n, url, null)],
  ["decline", (n) => declineMail(n, null)],
  ["email changed", (n) => emailChangedMail(n, "new@example.org")],
  ["email confirm", (n) => emailConfirmMail(n, "new@example.org", url, false, 24)],
  ["password changed", (n) => passwordChangedMail(n, "changed", url)],
  ["admin setup", (n) => adminSetupMail(n, url)],
  ["recovery codes low", (n) => recoveryCodesLowMail(n, 2, url)],
  ["recovery codes renewed", (n) => recoveryCodesRenewedMail(n, url)],
  ["two-factor off", (n) => twoFactorOffMail(n, url)],
  ["booking confirmed", (n) => confirmationMail(booking(n), url)],
  ["mentorship requested", (n) => requestedMail(booking(n))],
  ["mentorship approved", (n) => approvedMail(booking(n), url)],
  ["mentorship declined", (n) => declinedMail(booking(n))],
  ["booking cancelled", (n) => cancelledMail(booking(n), true)],
  ["booking reminder", (n) => reminderMail(booking(n))],
  ["integration prompt", (n) => integrationPromptMail(booking(n), url)],
  ["staff request", (n) => staffRequestMail(booking(n), url, true)],
  [
    "circle place (member's name)",
    (n) => circleMail(circle("Full moon"), { name: n, email: "m@example.org", timezone: null }, "place", env),
  ],
  [
    "circle place (title)",
    (n) => circleMail(circle(n), { name: "Ada", email: "m@example.org", timezone: null }, "changed", env),
  ],
  [
    "any heading, paragraph, button and footer",
    (n) =>
      renderMail({
        heading: `Dear ${n}`,
        paragraphs: [`A passkey named "${n}" was added.`, { lines: [`Donor: ${n}`, "Amount: $5.00"] }],
        action: { label: `Open ${n}`, url },
        footer: `About ${n}`,
      }),
  ],
];

describe("a name in a mail is one line of printable text", () => {
  for (const [what, make] of templates) {
    it(what, () => {
      for (const name of hostile) {
        const mail = make(name);
        expectOneLine(mail.text, `${what}: ${JSON.stringify(name)}`);
        if (mail.html) expectOneLineHtml(mail.html, `${what}: ${JSON.stringify(name)}`);
      }
    });
  }

  it("keeps a person's message as they wrote it, and quotes the recipient's own words as theirs", () => {
    const mail = renderMail({
      heading: "Dear Ada",
      paragraphs: [
        { lead: "A note from the keeper:", keeperWrote: "Welcome.\r\nSee you\u2028on Sunday." },
        { lead: "You wrote to us:", quote: `Hello\n${INJECTED}\n\nThanks` },
      ],
    });
    const lines = mail.text.split("\n");
    expect(lines).toEqual(expect.arrayContaining(["A note from the keeper:", "Welcome.", "See you", "on Sunday."]));
    expect(lines).toEqual(expect.arrayContaining(["You wrote to us:", "> Hello", `> ${INJECTED}`, ">", "> Thanks"]));
    expect(lines).not.toContain(INJECTED);
    expect(mail.html).toContain(`<blockquote style="`);
    expect(mail.html).toContain(`Hello<br>${INJECTED}<br><br>Thanks</blockquote>`);
  });

  it("cuts a heading too long for one line, and makes any text one line", () => {
    const heading = renderMail({ heading: `Dear ${"Ada ".repeat(200)}`, paragraphs: [] }).text.split("\n")[0] ?? "";
    expect(Array.from(heading)).toHaveLength(200);
    expect(heading.endsWith("…")).toBe(true);
    expect(oneLine("  a\u2028\u2029b\tc\u0000d  \u00a0 e ")).toBe("a b c d e");
    expect(oneLine("王小明 Żółć 😀😀😀", 5)).toBe("王小明…");
    expect(isOneLine("Phone 😀 Ünïcode")).toBe(true);
    for (const b of BREAKS) expect(isOneLine(`a${b}b`), JSON.stringify(b)).toBe(false);
  });
});
