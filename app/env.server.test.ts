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
