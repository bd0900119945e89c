import { PaymentProviderError } from "./provider";

/**
 * PayPal's REST client, shared by its orders (paypal.server.ts) and subscriptions
 * (paypal-subscriptions.server.ts): the OAuth token, kept and renewed; one authenticated call with
 * its idempotency key; errors that name PayPal's issue and debug id, never our request.
 */
export interface PaypalClientOptions {
  /** e.g. https://api-m.sandbox.paypal.com, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read defensively field by field.
  data: any;
}

export type PaypalApi = (method: string, path: string, body?: unknown, requestId?: string) => Promise<Answer>;

// Renew the token this long before PayPal says it expires, so a call never races its expiry.
const TOKEN_MARGIN_MS = 60_000;

/** PayPal's OAuth client-credentials request (its token endpoint is /v1/oauth2/token). */
export function tokenRequest(clientId: string, clientSecret: string) {
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
  return {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: "grant_type=client_credentials",
  };
}

/** The error for an unexpected answer: outages and rate limits may be retried, other refusals not. */
export function failure(what: string, answer: Answer) {
  // Only PayPal's error name, issue and debug id: never our request, which may hold tokens.
  const named = answer.data?.name ?? answer.data?.error;
  const name = typeof named === "string" ? ` ${named}` : "";
  const issue = typeof answer.data?.details?.[0]?.issue === "string" ? ` ${answer.data.details[0].issue}` : "";
  const debug = typeof answer.data?.debug_id === "string" ? ` (debug_id ${answer.data.debug_id})` : "";
  const retryable = answer.status >= 500 || answer.status === 429;
  return new PaymentProviderError(`PayPal ${what} failed: HTTP ${answer.status}${name}${issue}${debug}.`, retryable);
}

/** JSON or, when it is not, null: PayPal's bodies are read defensively, field by field. */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export function parseJson(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function paypalClient(options: PaypalClientOptions): PaypalApi {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | null = null;
  // One token request at a time: concurrent calls share it instead of each asking PayPal.
  let pendingToken: Promise<string> | null = null;

  /** One HTTP exchange; network failures and timeouts become retryable errors (no URL or secrets in them). */
  async function send(path: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await doFetch(`${options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, data: parseJson(await response.text()) };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PaymentProviderError(
        timedOut ? `PayPal did not answer within ${timeoutMs} ms.` : "PayPal could not be reached.",
        true,
      );
    }
  }

  async function fetchToken(): Promise<string> {
    const answer = await send("/v1/oauth2/token", tokenRequest(options.clientId, options.clientSecret));
    const value = answer.data?.access_token;
    if (answer.status !== 200 || typeof value !== "string") throw failure("sign-in", answer);
    const expiresIn = Number(answer.data.expires_in) || 0;
    token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authenticated API call. A 401 means PayPal dropped our token early: sign in again, once. */
  async function api(method: string, path: string, body?: unknown, requestId?: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: "application/json",
        // Ask for the full order on capture and GET: the minimal answer has no captures in it.
        prefer: "return=representation",
      };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (requestId) headers["paypal-request-id"] = requestId;
      const payload = typeof body === "string" || body === undefined ? body : JSON.stringify(body);
      const answer = await send(path, { method, headers, body: payload });
      if (answer.status === 401 && attempt === 0) {
        // Forget this token only: another call may have fetched a fresh one meanwhile.
        if (token?.value === bearer) token = null;
        continue;
      }
      return answer;
    }
  }

  return api;
}
