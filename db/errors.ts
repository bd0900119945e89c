/** True for PostgreSQL's unique_violation (23505), as pg, PGlite or drizzle's wrapper report it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The database address without its password, for messages and logs. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "(not a URL)";
  }
}

/**
 * What is wrong when the database in DATABASE_URL cannot be used at start-up, in words that
 * point at the setting (a bare driver error names neither the setting nor the fix).
 */
export function databaseUrlProblem(url: string, error: unknown): string {
  const codes: string[] = [];
  let message = "";
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    message ||= (e as { message?: string }).message ?? "";
  }
  const target = (() => {
    try {
      const parsed = new URL(url);
      return {
        host: parsed.hostname,
        port: parsed.port || "5432",
        user: decodeURIComponent(parsed.username),
        db: parsed.pathname.slice(1),
      };
    } catch {
      return undefined;
    }
  })();
  const reason = !target
    ? "it is not a URL of the form postgres://user:password@host:5432/database"
    : codes.includes("ECONNREFUSED")
      ? `nothing is listening at ${target.host}:${target.port} (is PostgreSQL running there?)`
      : codes.includes("ENOTFOUND") || codes.includes("EAI_AGAIN")
        ? `the host "${target.host}" was not found`
        : codes.includes("28P01")
          ? // PostgreSQL answers a role that does not exist the same way, so as not to tell who has an account.
            `PostgreSQL refused the password for user "${target.user}": the password is wrong, or no role "${target.user}" exists on that server (create it: sudo -u postgres createuser --pwprompt ${target.user})`
          : // 28000 says both "no such role" and "no pg_hba.conf entry": only the message tells them apart.
            codes.includes("28000") && /role .* does not exist/i.test(message)
            ? `the role "${target.user}" does not exist on that server (create it first: sudo -u postgres createuser --pwprompt ${target.user})`
            : codes.includes("28000")
              ? `PostgreSQL does not let user "${target.user}" connect from here (pg_hba.conf)`
              : codes.includes("3D000")
                ? `the database "${target.db}" does not exist on that server (create it first: sudo -u postgres createdb --owner=${target.user} ${target.db})`
                : /timeout/i.test(message)
                  ? `${target.host}:${target.port} did not answer in time`
                  : message || String(error);
  return (
    `Cannot use the database in DATABASE_URL (${shownUrl(url)}): ${reason}.\n` +
    "Fix DATABASE_URL (see docs/deployment.md), or unset it to use the embedded database in DATA_DIR."
  );
}
