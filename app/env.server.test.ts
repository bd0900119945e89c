import { describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../tests/support/secrets";
import { inspectEnv, parseEnv, publicEnv } from "./env.server";

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

describe("ORG_LEGAL_NAME and ORG_TAX_ID", () => {
  it("default to the site's name and no tax id", () => {
    const env = parseEnv({});
    expect(env.ORG_LEGAL_NAME).toBe("Sacred Path Congregation");
    expect(env.ORG_TAX_ID).toBeUndefined();
  });

  it("take a legal name and an EIN as 12-3456789", () => {
    const env = parseEnv({ ORG_LEGAL_NAME: " Sacred Path Congregation, Inc. ", ORG_TAX_ID: "12-3456789" });
    expect(env.ORG_LEGAL_NAME).toBe("Sacred Path Congregation, Inc.");
    expect(env.ORG_TAX_ID).toBe("12-3456789");
  });

  it("refuse at start-up a tax id that is not written as an EIN, or a legal name over lines", () => {
    for (const value of ["123456789", "12-345678", "1-23456789", "EIN 12-3456789", "12 3456789"]) {
      expect(() => parseEnv({ ORG_TAX_ID: value }), value).toThrow(
        "ORG_TAX_ID: ORG_TAX_ID must be a US EIN written as 12-3456789",
      );
    }
    expect(() => parseEnv({ ORG_LEGAL_NAME: "Sacred Path\nCongregation" })).toThrow(
      "ORG_LEGAL_NAME must be one line of text",
    );
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

describe("the payment provider setting", () => {
  const production = {
    NODE_ENV: "production",
    SITE_URL: "https://sacred.example",
    MAIL_FROM: "x <x@example.org>",
    STAFF_EMAIL: "k@example.org",
    ...TEST_SECRETS,
  };
  const paypal = {
    PAYPAL_CLIENT_ID: "AbC123live",
    PAYPAL_CLIENT_SECRET: "EfG456secret",
    PAYPAL_WEBHOOK_ID: "8PT597110X",
  };

  it("refuses the test provider in production and asks for PayPal's settings, or none", () => {
    expect(() => parseEnv({ ...production, PAYMENT_PROVIDER: "test" })).toThrow(/PAYMENT_PROVIDER=test is refused/);
    expect(() => parseEnv(production)).toThrow(
      "Missing PayPal settings: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID",
    );
    expect(() => parseEnv(production)).toThrow("PAYMENT_PROVIDER=none to run without online payments");
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("test");
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe" })).toThrow("PAYMENT_PROVIDER must be paypal, none or test");
  });

  it("takes the test provider in production only where the server answers this machine alone (the browser tests)", () => {
    const local = { ...production, PAYMENT_PROVIDER: "test", HOST: "127.0.0.1", SITE_URL: "http://127.0.0.1:4123" };
    expect(parseEnv(local).PAYMENT_PROVIDER).toBe("test");
    expect(parseEnv({ ...local, HOST: "::1", SITE_URL: "http://localhost:4123" }).PAYMENT_PROVIDER).toBe("test");
    // Listening on every interface (production's default), or links that point elsewhere: refused.
    for (const reachable of [
      { HOST: "0.0.0.0" },
      { HOST: undefined },
      { SITE_URL: "https://sacred.example" },
      { SITE_URL: "http://127.0.0.1.example.org" },
    ]) {
      const source = Object.fromEntries(
        Object.entries({ ...local, ...reachable }).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      expect(() => parseEnv(source), JSON.stringify(reachable)).toThrow(/PAYMENT_PROVIDER=test is refused/);
    }
  });

  it("runs production without online payment: PAYMENT_PROVIDER=none needs no PayPal settings", () => {
    const env = parseEnv({ ...production, PAYMENT_PROVIDER: "none" });
    expect(env.PAYMENT_PROVIDER).toBe("none");
    expect(parseEnv({ PAYMENT_PROVIDER: "none" }).PAYMENT_PROVIDER).toBe("none");
  });

  it("defaults PAYPAL_ENV to live everywhere (as compose.yaml and the Dockerfile do)", () => {
    expect(parseEnv({}).PAYPAL_ENV).toBe("live");
    const live = parseEnv({ ...production, ...paypal });
    expect(live.PAYPAL_ENV).toBe("live");
    expect(live.PAYPAL_API_URL).toBe("https://api-m.paypal.com");
    const sandbox = parseEnv({ ...production, ...paypal, PAYPAL_ENV: "sandbox" });
    expect(sandbox.PAYPAL_API_URL).toBe("https://api-m.sandbox.paypal.com");
    expect(() => parseEnv({ PAYPAL_ENV: "production" })).toThrow("PAYPAL_ENV must be live or sandbox");
  });

  it("reports every missing or invalid production setting in one message", () => {
    let message = "";
    try {
      parseEnv({ NODE_ENV: "production", ORG_TAX_ID: "123", PAYPAL_ENV: "prod" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      "Missing production settings: SITE_URL, MAIL_FROM, STAFF_EMAIL, AUTH_SECRET, DATA_ENCRYPTION_KEY",
    );
    expect(message).toContain("Missing PayPal settings: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID");
    expect(message).toContain("ORG_TAX_ID: ORG_TAX_ID must be a US EIN written as 12-3456789");
    expect(message).toContain("PAYPAL_ENV: PAYPAL_ENV must be live or sandbox");
    // One line per problem, in one error.
    expect(message.split("\n").filter((line) => line.startsWith("  "))).toHaveLength(4);

    // A secret too short says how to make a good one.
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(
      "AUTH_SECRET must be at least 32 characters (make one with: openssl rand -base64 48)",
    );

    const withTest = () => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "test" });
    expect(withTest).toThrow("Missing production settings: SITE_URL");
    expect(withTest).toThrow("PAYMENT_PROVIDER=test is refused");
  });

  it("refuses placeholders for PayPal's settings, naming each", () => {
    for (const value of [
      "changeme",
      "CHANGE_ME",
      "your-client-id",
      "your_paypal_secret",
      "xxx",
      "XXXX-XXXX",
      "<webhook id>",
      "...",
      "$" + "{PAYPAL_CLIENT_ID}", // a shell variable left unexpanded
      "placeholder",
    ]) {
      expect(() => parseEnv({ ...production, ...paypal, PAYPAL_CLIENT_ID: value }), value).toThrow(
        `PAYPAL_CLIENT_ID: "${value}" is a placeholder`,
      );
    }
    expect(() =>
      parseEnv({
        ...production,
        PAYPAL_CLIENT_ID: "changeme",
        PAYPAL_CLIENT_SECRET: "your-secret",
        PAYPAL_WEBHOOK_ID: "xxx",
      }),
    ).toThrow(/PAYPAL_CLIENT_ID: .*\n.*PAYPAL_CLIENT_SECRET: .*\n.*PAYPAL_WEBHOOK_ID: /);
    // Real-looking values pass, and placeholders do not matter when PayPal is not used.
    expect(parseEnv({ ...production, ...paypal }).PAYPAL_CLIENT_ID).toBe("AbC123live");
    expect(parseEnv({ ...production, PAYMENT_PROVIDER: "none", PAYPAL_CLIENT_ID: "changeme" }).PAYMENT_PROVIDER).toBe(
      "none",
    );
  });
});

describe("SITE_URL", () => {
  it("is an http(s) origin, kept without a trailing slash (links are SITE_URL + path)", () => {
    expect(parseEnv({}).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ SITE_URL: "https://sacredpath.example" }).SITE_URL).toBe("https://sacredpath.example");
    expect(parseEnv({ SITE_URL: "https://sacredpath.example/" }).SITE_URL).toBe("https://sacredpath.example");
    expect(parseEnv({ SITE_URL: "http://127.0.0.1:8080" }).SITE_URL).toBe("http://127.0.0.1:8080");
    // As browsers send it in Origin, which every form post is checked against.
    expect(parseEnv({ SITE_URL: "https://SacredPath.Example:443/" }).SITE_URL).toBe("https://sacredpath.example");
  });

  it("is refused at start-up, naming the variable and an example, unless it is only a scheme, host and port", () => {
    for (const value of [
      "sacredpath.example:443",
      "sacredpath.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://sacredpath.example",
      "mailto:keepers@sacredpath.example",
      "https://sacredpath.example/site",
      "https://sacredpath.example/site/",
      "https://sacredpath.example?x=1",
      "https://sacredpath.example/?",
      "https://sacredpath.example#top",
      "https://user:pass@sacredpath.example",
      "https://user@sacredpath.example",
      "http://",
      "file:///etc/passwd",
    ]) {
      expect(() => parseEnv({ SITE_URL: value }), value).toThrow(
        "SITE_URL: SITE_URL must be an http:// or https:// origin without a path, such as https://sacredpath.example",
      );
    }
  });
});

describe("FOLLOW_UP_DAYS", () => {
  it("is the schedule of check-ins after a session: days, in order, each once; or none", () => {
    expect(parseEnv({}).FOLLOW_UP_DAYS).toEqual([2, 14, 90]);
    expect(parseEnv({ FOLLOW_UP_DAYS: "365, 90,180,90" }).FOLLOW_UP_DAYS).toEqual([90, 180, 365]);
    expect(parseEnv({ FOLLOW_UP_DAYS: "none" }).FOLLOW_UP_DAYS).toEqual([]);
  });

  it("is refused at start-up unless it is whole days separated by commas", () => {
    for (const value of ["2 weeks", "2;14", "-2", "1.5", "2,,14", "0"]) {
      expect(() => parseEnv({ FOLLOW_UP_DAYS: value }), value).toThrow("FOLLOW_UP_DAYS");
    }
  });
});

describe("GIFT_FEE_PERCENT and GIFT_FEE_FIXED_CENTS", () => {
  it("are PayPal's US donation rate unless set; 0 and 0 offer no box", () => {
    expect(publicEnv(parseEnv({})).giftFee).toEqual({ percent: 3.49, fixedCents: 49 });
    expect(publicEnv(parseEnv({ GIFT_FEE_PERCENT: "0", GIFT_FEE_FIXED_CENTS: "0" })).giftFee).toEqual({
      percent: 0,
      fixedCents: 0,
    });
  });

  it("are refused at start-up outside a plain rate", () => {
    for (const value of ["3,49", "11", "-1", "3.499", "3%"]) {
      expect(() => parseEnv({ GIFT_FEE_PERCENT: value }), value).toThrow("GIFT_FEE_PERCENT must be a percentage");
    }
    for (const value of ["0.49", "501", "-1", "lots"]) {
      expect(() => parseEnv({ GIFT_FEE_FIXED_CENTS: value }), value).toThrow("GIFT_FEE_FIXED_CENTS must be whole");
    }
  });
});

describe("inspectEnv (npm run doctor)", () => {
  it("lists every problem, and keeps the settings that parse for the checks that need them", () => {
    const { problems, usable, refused } = inspectEnv({
      NODE_ENV: "production",
      SITE_URL: "https://sacredpath.example",
      AUTH_SECRET: "too-short",
      SMTP_URL: "mail.example:587",
      DATABASE_URL: "postgres://sacred@127.0.0.1:5432/sacred",
      PAYMENT_PROVIDER: "none",
    });
    expect(problems).toEqual([
      "SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL",
      "AUTH_SECRET: AUTH_SECRET must be at least 32 characters (make one with: openssl rand -base64 48)",
      "Missing production settings: MAIL_FROM, STAFF_EMAIL, DATA_ENCRYPTION_KEY",
    ]);
    expect([...refused].sort()).toEqual(["AUTH_SECRET", "SMTP_URL"]);
    expect(usable).toMatchObject({
      SITE_URL: "https://sacredpath.example",
      DATABASE_URL: "postgres://sacred@127.0.0.1:5432/sacred",
      PAYMENT_PROVIDER: "none",
    });
    expect(usable.AUTH_SECRET).toBeUndefined();
    expect(usable.SMTP_URL).toBeUndefined();
    // The start refuses the same list.
    expect(() => parseEnv({ AUTH_SECRET: "too-short" })).toThrow("openssl rand -base64 48");
  });
});
