import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Env } from "../../../app/env.server";
import {
  DOCTOR_PROBE_PATH,
  DOCTOR_TOKEN_HEADER,
  type DoctorProbeAnswer,
  doctorToken,
} from "../../../server/doctor-probe";
import { runningRelease } from "../../../server/release";
import { type ClockReading, dateHeader, describeError, type Finding, finding } from "./findings";

/** One GET through the proxy, to the app: Host is SITE_URL's, and so is the name TLS checks. */
function requestThrough(
  through: URL,
  site: URL,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; date?: number }> {
  return new Promise((resolve, reject) => {
    const secure = through.protocol === "https:";
    const request = (secure ? https : http).request(
      {
        hostname: through.hostname.replace(/^\[|\]$/g, ""),
        port: through.port || (secure ? 443 : 80),
        path: DOCTOR_PROBE_PATH,
        method: "GET",
        headers: { host: site.host, ...headers },
        // SNI names a host, never an address (RFC 6066); an address is checked against the certificate as it is.
        ...(secure && !isIP(site.hostname.replace(/^\[|\]$/g, "")) ? { servername: site.hostname } : {}),
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            date: dateHeader(response.headers.date),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
    request.on("error", reject);
    request.end();
  });
}

/** A documentation address no client has: if the app takes it as the client's, anyone can pick theirs. */
export const FORGED_CLIENT = "192.0.2.254";

// (5) SITE_URL and TRUST_PROXY against what the proxy sends, with one request through it.
export async function proxyFindings(env: Env, through: string | undefined, clock: ClockReading[]): Promise<Finding[]> {
  if (!through) {
    return [
      finding(
        "ok",
        "proxy",
        `SITE_URL=${env.SITE_URL}, TRUST_PROXY=${env.TRUST_PROXY}; not checked through the proxy (add --through <its address>, e.g. --through https://127.0.0.1)`,
      ),
    ];
  }
  if (!URL.canParse(through) || !/^https?:$/.test(new URL(through).protocol)) {
    return [
      finding("FAIL", "proxy", `--through ${through}: not an http:// or https:// address, such as https://127.0.0.1`),
    ];
  }
  if (!env.AUTH_SECRET) {
    return [
      finding(
        "FAIL",
        "proxy",
        "--through needs AUTH_SECRET (the server's, from its settings file): the app answers the check only to a caller that has it",
      ),
    ];
  }
  const site = new URL(env.SITE_URL);
  const via = new URL(through);
  let answer: { status: number; body: string; date?: number };
  const sent = Date.now();
  try {
    answer = await requestThrough(via, site, {
      [DOCTOR_TOKEN_HEADER]: doctorToken(env.AUTH_SECRET),
      "x-forwarded-for": FORGED_CLIENT,
      accept: "application/json",
    });
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? "");
    // The proxy answered, but with a certificate a visitor's browser would refuse as well.
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code)) {
      return [
        finding(
          "FAIL",
          "proxy",
          `${via.origin} answered with a TLS certificate that is not valid for ${site.hostname} (${code}: ${describeError(error)}): visitors' browsers refuse it too. Give the proxy a certificate for ${site.hostname} (Caddy makes one itself; nginx: certbot), or, for a certificate of your own authority, run the doctor with NODE_EXTRA_CA_CERTS=<its .pem>`,
        ),
      ];
    }
    return [
      finding(
        "FAIL",
        "proxy",
        `nothing answered at ${via.origin} for ${site.host}: ${describeError(error)}. Is the proxy running there?`,
      ),
    ];
  }
  if (answer.date !== undefined)
    clock.push({ source: "the app through the proxy", at: answer.date, sent, received: Date.now() });
  let seen: DoctorProbeAnswer | undefined;
  try {
    const parsed = JSON.parse(answer.body) as DoctorProbeAnswer;
    if (answer.status === 200 && typeof parsed.siteUrl === "string") seen = parsed;
  } catch {
    // Not the app's answer: said below.
  }
  if (!seen) {
    return [
      finding(
        "FAIL",
        "proxy",
        `${via.origin} answered HTTP ${answer.status} for ${site.host}${DOCTOR_PROBE_PATH}, not the app's check: the proxy sends ${site.host} elsewhere, or the app behind it has another AUTH_SECRET or an older version (restart it after the upgrade)`,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (seen.siteUrl !== env.SITE_URL) {
    findings.push(
      finding(
        "FAIL",
        "proxy",
        `the app behind ${via.origin} runs with SITE_URL=${seen.siteUrl}, these settings say ${env.SITE_URL}: the doctor and the server read different settings (run the doctor with the service's settings file)`,
      ),
    );
  }
  const hops = seen.trustProxy;
  const proxyAdded = seen.forwardedFor !== null && seen.forwardedFor !== FORGED_CLIENT;
  if (seen.ip === FORGED_CLIENT) {
    findings.push(
      finding(
        "FAIL",
        "proxy",
        `TRUST_PROXY=${hops} trusts more hops than there are proxies: the app took the X-Forwarded-For the client wrote (${FORGED_CLIENT}) as its address, so any visitor picks theirs (rate limits, audit log). Set TRUST_PROXY to the number of proxies in front (1 for one nginx or Caddy)${proxyAdded ? "" : ", and have the proxy add the client's address (nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for)"}.`,
      ),
    );
  } else if (!proxyAdded && hops !== "false") {
    findings.push(
      finding(
        "FAIL",
        "proxy",
        `TRUST_PROXY=${hops} but the proxy adds no X-Forwarded-For: every visitor has the proxy's address (${seen.ip}). nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; (Caddy's reverse_proxy sends it by default).`,
      ),
    );
  } else if (proxyAdded && hops === "false") {
    findings.push(
      finding(
        "FAIL",
        "proxy",
        `a proxy is in front (it sent X-Forwarded-For: ${seen.forwardedFor}) but TRUST_PROXY=false: every visitor has the proxy's address (${seen.ip}), one rate limit for all. Set TRUST_PROXY=1 behind one proxy.`,
      ),
    );
  }
  // nginx's `Host $host` leaves out the port: only the name must be SITE_URL's.
  const seenName = seen.host && URL.canParse(`http://${seen.host}`) ? new URL(`http://${seen.host}`).hostname : null;
  const mismatch: string[] = [];
  if (seenName !== site.hostname) mismatch.push(`Host ${seen.host} (nginx: proxy_set_header Host $host;)`);
  if (`${seen.protocol}:` !== site.protocol) {
    mismatch.push(
      `${seen.protocol}, not ${site.protocol.slice(0, -1)} (nginx: proxy_set_header X-Forwarded-Proto $scheme; and TRUST_PROXY set)`,
    );
  }
  if (mismatch.length > 0) {
    findings.push(
      finding(
        "warn",
        "proxy",
        `the app sees ${mismatch.join(" and ")} where SITE_URL says ${site.origin}: links and forms still use SITE_URL, but the proxy does not pass on what the visitor asked for`,
      ),
    );
  }
  const built = runningRelease().version;
  if (seen.version !== null && seen.version !== built) {
    findings.push(
      finding(
        "warn",
        "proxy",
        `the app behind the proxy runs version ${seen.version}; this checkout is built as ${built}: restart the instances after an upgrade`,
      ),
    );
  }
  if (findings.every((f) => f.level !== "FAIL")) {
    findings.unshift(
      finding(
        "ok",
        "proxy",
        `through ${via.origin} the app answered for ${site.host}: Host ${seen.host}, ${seen.protocol}, client ${seen.ip} (X-Forwarded-For: ${seen.forwardedFor}, TRUST_PROXY=${hops}), version ${seen.version}`,
      ),
    );
  }
  return findings;
}
