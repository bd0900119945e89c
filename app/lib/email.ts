const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";

/**
 * The one email address rule, for every form (in the browser and the action), the mailer and
 * STAFF_EMAIL. An address is taken only if a mailer delivers to exactly it: mail libraries read a
 * recipient as an address list, so `=HYPERLINK("http://x.example/?a")@example.org` was stored
 * and shown while mail went to `=HYPERLINK@example.org`, and `grp:x@y.z;` (a group) to `x@y.z`.
 * So: a dot-atom local part of RFC 5322 atext (no quotes, comments, angle brackets, commas,
 * semicolons, colons or spaces), "@", and a hostname with at least one dot whose last label is
 * not all digits (no IP address); at most 64 characters before the "@" and 254 in all. ASCII
 * only: a look-alike letter from another script is refused rather than delivered elsewhere.
 * Every part is bounded and unambiguous, so testing is linear in the length.
 */
export const EMAIL_PATTERN = new RegExp(
  `^(?=.{1,254}$)(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+(?=[A-Za-z0-9-]*[A-Za-z])${LABEL}$`,
);
