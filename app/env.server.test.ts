import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("STAFF_EMAIL", () => {
  it("defaults to an address the mailer delivers to exactly", () => {
    expect(parseEnv({}).STAFF_EMAIL).toBe("keepers@example.org");
    expect(parseEnv({ STAFF_EMAIL: "keepers@sacredpath.example" }).STAFF_EMAIL).toBe("keepers@sacredpath.example");
  });

  it("is refused at start-up unless it is one plain address (lib/email)", () => {
    for (const value of [
      "keepers@localhost",
      "Keepers <keepers@example.org>",
      "grp:k@example.org;",
      "a@b.org,c@d.org",
    ]) {
      expect(() => parseEnv({ STAFF_EMAIL: value }), value).toThrow(
        "STAFF_EMAIL: STAFF_EMAIL must be one plain email address, such as keepers@example.org",
      );
    }
  });
});

describe("MAIL_FROM", () => {
  it("is one mailbox (the sender, and the organizer of booking calendar events), or refused at start-up", () => {
    expect(parseEnv({ MAIL_FROM: "Sacred Path <no-reply@sacredpath.example>" }).MAIL_FROM).toBe(
      "Sacred Path <no-reply@sacredpath.example>",
    );
    for (const value of ["Sacred Path", "<>", "a@b.org, c@d.org"]) {
      expect(() => parseEnv({ MAIL_FROM: value }), value).toThrow(
        "MAIL_FROM: MAIL_FROM must be one address, such as: Sacred Path Congregation <no-reply@example.org>",
      );
    }
  });
});
