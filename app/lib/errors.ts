import { withoutTokens } from "./loggable-path";

/**
 * An error's message that is safe to log. Drizzle's query errors quote the statement's
 * parameters (session tokens, form values): only the database's own reason is kept. React
 * Router's can quote the request's path, which may hold a link's token: masked.
 */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return withoutTokens(String(error).slice(0, 300));
  if (error.name === "DrizzleQueryError" || error.message.startsWith("Failed query:")) {
    const cause = error.cause instanceof Error ? error.cause.message : "database error";
    return withoutTokens(`query failed: ${cause}`.slice(0, 300));
  }
  return withoutTokens(error.message.replace(/params: .*/s, "params: [redacted]").slice(0, 500));
}
