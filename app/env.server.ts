import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { EMAIL_PATTERN } from "./lib/email";
import { isLoopbackHost } from "./lib/loopback";
import { site } from "./lib/site";

const SITE_URL_MESSAGE =
  "SITE_URL must be an http:// or https:// origin without a path, such as https://sacredpath.example";

/**
 * Only a scheme, host and port: links are built as SITE_URL + path, so a path, query, fragment or
 * credentials would end up inside every link, and anything but http(s) is no link at all.
 */
function isSiteOrigin(value: string): boolean {
  if (!URL.canParse(value) || /[?#]/.test(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname !== "" &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/"
  );
}

/** "https://Sacred.Example:443/" is "https://sacred.example", as browsers send it in Origin. */
const toOrigin = (value: string) => new URL(value).origin;

/**
 * Every environment variable the product reads, parsed once at start-up. docs/settings.md's table mirrors this
 * schema and says what each means (the comments here add only what it cannot); keep them together.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    /** The public origin (links in mail, canonical URLs, the origin every form post must come from). */
    SITE_URL: z.string().refine(isSiteOrigin, SITE_URL_MESSAGE).transform(toOrigin).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    /** "false" (default): client IP is the socket address. A hop count n ("true" is 1): X-Forwarded-For's n-th from the right. */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+)$/, "TRUST_PROXY must be true, false or a number of proxy hops")
      .default("false"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
      .optional(),
    /** One mailbox: the sender of every email and the organizer of booking calendar events. */
    MAIL_FROM: z
      .string()
      .refine((from) => {
        const [sender, ...more] = addressparser(from);
        return Boolean(sender && more.length === 0 && "address" in sender && sender.address);
      }, "MAIL_FROM must be one address, such as: Sacred Path Congregation <no-reply@example.org>")
      .default("Sacred Path Congregation <no-reply@localhost>"),
    /** The mailer's own rule (lib/email): an address it would deliver elsewhere is refused at start-up. */
    STAFF_EMAIL: z
      .string()
      .regex(EMAIL_PATTERN, "STAFF_EMAIL must be one plain email address, such as keepers@example.org")
      .default("keepers@example.org"),
    /** The congregation's legal name, printed on giving statements (a tax document). */
    ORG_LEGAL_NAME: z
      .string()
      .trim()
      .max(120, "ORG_LEGAL_NAME must be at most 120 characters")
      .regex(/^[^\p{Cc}]+$/u, "ORG_LEGAL_NAME must be one line of text")
      .default(site.name),
    /** The US employer identification number (EIN) on giving statements; without it none is printed. */
    ORG_TAX_ID: z
      .string()
      .trim()
      .regex(/^\d{2}-\d{7}$/, "ORG_TAX_ID must be a US EIN written as 12-3456789")
      .optional(),
    /** "off": no mail leaves or is scheduled, whatever SMTP_URL says (a restored backup on a scratch database). */
    MAIL_DELIVERY: z.enum(["on", "off"], "MAIL_DELIVERY must be on or off").default("on"),
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
    MAIL_MAX_PER_SECOND: z.coerce.number().min(0).max(10_000).default(0),
    MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    REMINDER_INTERVAL_MS: z.coerce.number().int().min(50).default(300_000),
    /**
     * The follow-up check-ins after a booked session: days after it ended, comma-separated (issue 33).
     * Read when a session ends, so a change applies to sessions that end after it; "none": no check-ins.
     */
    FOLLOW_UP_DAYS: z
      .string()
      .trim()
      .regex(
        /^(none|\d{1,3}(\s*,\s*\d{1,3})*)$/,
        "FOLLOW_UP_DAYS must be whole days separated by commas, like 2,14,90, or none",
      )
      .refine((v) => !/(^|\D)0+(\D|$)/.test(v), "FOLLOW_UP_DAYS must be days after the session, 1 or more")
      .default("2,14,90")
      .transform((v) => (v === "none" ? [] : [...new Set(v.split(",").map(Number))].sort((a, b) => a - b))),
    /**
     * "Cover the fee" on the giving forms (issue 34): what the processor keeps of a gift, a percentage and a
     * fixed part (PayPal's US rate for donations by default). Both 0: the box is not offered.
     */
    GIFT_FEE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, "GIFT_FEE_PERCENT must be a percentage from 0 to 10, like 3.49")
      .refine((v) => Number(v) <= 10, "GIFT_FEE_PERCENT must be a percentage from 0 to 10, like 3.49")
      .default("3.49")
      .transform(Number),
    GIFT_FEE_FIXED_CENTS: z.coerce
      .number("GIFT_FEE_FIXED_CENTS must be whole cents from 0 to 500, like 49")
      .int("GIFT_FEE_FIXED_CENTS must be whole cents from 0 to 500, like 49")
      .min(0, "GIFT_FEE_FIXED_CENTS must be whole cents from 0 to 500, like 49")
      .max(500, "GIFT_FEE_FIXED_CENTS must be whole cents from 0 to 500, like 49")
      .default(49),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
    /**
     * "true": demo accounts (public passwords) are wanted on a server other machines can reach: production,
     * or HOST beyond loopback. Without it such a server creates none and refuses to start while they exist.
     */
    DEMO_ACCOUNTS: z.enum(["true", "false"], "DEMO_ACCOUNTS must be true or false").default("false"),
    /** "open": ceremony days offered to invited members; "paused": keepers prepare them only (docs/settings.md). */
    CEREMONIES: z.enum(["paused", "open"], "CEREMONIES must be paused or open").default("paused"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** The bearer token `/metrics` asks for (Prometheus' `authorization` setting); unset: no metrics are served. */
    METRICS_TOKEN: z.string().min(32, "METRICS_TOKEN must be at least 32 characters").optional(),
    /** Signs session cookies. Production: required; development: generated into DATA_DIR (see secrets.server.ts). */
    AUTH_SECRET: z
      .string()
      .min(32, "AUTH_SECRET must be at least 32 characters (make one with: openssl rand -base64 48)")
      .optional(),
    /**
     * AES-256-GCM keys for sensitive records: "id:base64key" pairs separated by commas, newest first.
     * New data is sealed with the first; older ids stay readable until re-encrypted.
     */
    DATA_ENCRYPTION_KEY: z
      .string()
      .regex(
        /^[a-z0-9]{1,8}:[A-Za-z0-9+/]{43}=(,[a-z0-9]{1,8}:[A-Za-z0-9+/]{43}=)*$/,
        "DATA_ENCRYPTION_KEY must be id:base64 pairs of 32-byte keys, e.g. k1:<44 base64 characters>",
      )
      .optional(),
    /**
     * "paypal" (the default in production), "none" (no online payment: giving and booking say how to
     * give or book otherwise) or "test" (the local test provider; refused in production).
     */
    PAYMENT_PROVIDER: z.enum(["paypal", "none", "test"], "PAYMENT_PROVIDER must be paypal, none or test").optional(),
    /** "true": each answer says how many SQL statements it ran (X-Query-Count), for npm run bench:scale. */
    QUERY_COUNT_HEADER: z.enum(["true", "false"], "QUERY_COUNT_HEADER must be true or false").default("false"),
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    /**
     * "live" everywhere, as in compose.yaml and the Dockerfile: a production site left on the default
     * takes real money, and sandbox credentials against it are refused at start (paypal-check.server.ts)
     * rather than quietly taking play money.
     */
    PAYPAL_ENV: z.enum(["sandbox", "live"], "PAYPAL_ENV must be live or sandbox").default("live"),
    /** The id PayPal gave the webhook pointing at /payments/webhook; needed to verify deliveries. */
    PAYPAL_WEBHOOK_ID: z.string().optional(),
    /** Overrides PayPal's REST base URL (tests point it at a local stand-in). */
    PAYPAL_API_URL: z.url().optional(),
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    DEMO_ACCOUNTS: env.DEMO_ACCOUNTS === "true",
    QUERY_COUNT_HEADER: env.QUERY_COUNT_HEADER === "true",
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    /** Set: every request's origin is SITE_URL's (server/public-origin.ts); unset (development): the Host's. */
    siteUrlGiven: env.SITE_URL !== undefined,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (env.NODE_ENV === "production" ? "paypal" : "test"),
    PAYPAL_API_URL: (
      env.PAYPAL_API_URL ??
      (env.PAYPAL_ENV === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com")
    ).replace(/\/$/, ""),
    isProduction: env.NODE_ENV === "production",
  }));

export type Env = z.infer<typeof schema>;

/** What production cannot run without (docs/settings.md). */
const PRODUCTION_REQUIRED = ["SITE_URL", "MAIL_FROM", "STAFF_EMAIL", "AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const;
const PAYPAL_REQUIRED = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"] as const;

/** A value copied from an example rather than from PayPal's dashboard ("changeme", "your-client-id", "<id>", "xxx"). */
function isPlaceholder(value: string): boolean {
  const v = value.trim().toLowerCase();
  return (
    /^<.*>$/.test(v) ||
    /^\$\{.*\}$/.test(v) ||
    /^[x*.\-_ ]*$/.test(v) ||
    /^(change|replace|fill)[-_ ]?(me|this|it|in)$/.test(v) ||
    /^your[-_ ]/.test(v) ||
    /^(todo|tbd|fixme|placeholder|example|dummy|sample|secret|password|client[-_ ]?(id|secret)|webhook[-_ ]?id)$/.test(
      v,
    )
  );
}

/**
 * HOST and SITE_URL both on loopback: nobody but this machine can reach the server or follow its
 * links, so a test-only setting (the test payment provider) cannot take anyone's money or trust.
 */
export function answersThisMachineOnly(source: Record<string, string | undefined>): boolean {
  if (!source.HOST || !source.SITE_URL || !URL.canParse(source.SITE_URL)) return false;
  return isLoopbackHost(source.HOST) && isLoopbackHost(new URL(source.SITE_URL).hostname);
}

/**
 * The rules between settings, read from the raw values so that they are reported together with
 * the schema's own problems: an operator fixes the whole list in one go, not one stage per start.
 */
function settingProblems(source: Record<string, string>): string[] {
  const production = source.NODE_ENV === "production";
  const provider = source.PAYMENT_PROVIDER ?? (production ? "paypal" : "test");
  const problems: string[] = [];
  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !source[name]);
    if (missing.length > 0) problems.push(`Missing production settings: ${missing.join(", ")}`);
    if (provider === "test" && !answersThisMachineOnly(source)) {
      problems.push(
        'PAYMENT_PROVIDER=test is refused in production: it takes no real money. Use "paypal", or "none" to run without online payments. (Only a server that answers this machine alone, HOST and SITE_URL both on loopback, may take it: the browser tests run the production build so.)',
      );
    }
  }
  if (source.QUERY_COUNT_HEADER === "true" && !answersThisMachineOnly(source)) {
    problems.push(
      "QUERY_COUNT_HEADER=true is for benchmarks: it is taken only when HOST and SITE_URL are both loopback.",
    );
  }
  if (provider === "paypal") {
    const missing = PAYPAL_REQUIRED.filter((name) => !source[name]);
    if (missing.length > 0) {
      const why = source.PAYMENT_PROVIDER
        ? "PAYMENT_PROVIDER=paypal"
        : "PAYMENT_PROVIDER is paypal by default in production";
      problems.push(
        `Missing PayPal settings: ${missing.join(", ")} (${why}; set them from a PayPal REST app, or set PAYMENT_PROVIDER=none to run without online payments; see docs/features.md, "Payments and giving")`,
      );
    }
    for (const name of PAYPAL_REQUIRED) {
      const value = source[name];
      if (value && isPlaceholder(value)) {
        problems.push(`${name}: "${value}" is a placeholder; set the value from PayPal's developer dashboard`);
      }
    }
  }
  return problems;
}

export interface EnvInspection {
  /** Every problem, one line each, as the refused start lists them. */
  problems: string[];
  /**
   * The settings with each refused one left out (its default, or unset), so that a check of what
   * does parse can go on (npm run doctor); never the basis for a start.
   */
  usable: Env;
  /** The names whose own value was refused (the rules between settings name none). */
  refused: Set<string>;
}

/** Every setting checked at once, without throwing: the start's refusal and `npm run doctor` read the same list. */
export function inspectEnv(source: NodeJS.ProcessEnv = process.env): EnvInspection {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
  const result = schema.safeParse(cleaned);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)),
    ...settingProblems(cleaned),
  ];
  const refused = new Set(result.success ? [] : result.error.issues.map((i) => String(i.path[0])));
  const usable = result.success
    ? result.data
    : schema.parse(Object.fromEntries(Object.entries(cleaned).filter(([name]) => !refused.has(name))));
  return { problems, usable, refused };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const { problems, usable } = inspectEnv(source);
  if (problems.length > 0) {
    const lines = problems.map((problem) => `  ${problem}`);
    throw new Error(`Invalid environment (every problem found; see docs/settings.md):\n${lines.join("\n")}`);
  }
  return usable;
}

/** The only settings the browser may see. */
export function publicEnv(env: Env) {
  return {
    siteUrl: env.SITE_URL,
    paymentProvider: env.PAYMENT_PROVIDER,
    giftFee: { percent: env.GIFT_FEE_PERCENT, fixedCents: env.GIFT_FEE_FIXED_CENTS },
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
