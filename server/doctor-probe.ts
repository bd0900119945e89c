import { createHmac, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Env } from "../app/env.server";
import { reachedOrigin } from "./public-origin";

/**
 * `npm run doctor --through <proxy>` asks the app, through the proxy, what it sees of that very
 * request (Host, scheme, client address, X-Forwarded-For), to compare with SITE_URL and TRUST_PROXY.
 * Only for a caller holding the same AUTH_SECRET (the doctor reads the server's settings file): the
 * token is an HMAC of the time, good for a few minutes. Anyone else gets the site's own 404, as for
 * any path that does not exist, so the probe tells a stranger nothing, not even that it is there.
 */
export const DOCTOR_PROBE_PATH = "/doctor/request";
export const DOCTOR_TOKEN_HEADER = "x-doctor-token";
/** Covers a clock a little off between the doctor's machine and the app's. */
const TOKEN_LIFETIME_MS = 5 * 60_000;

const sign = (secret: string, at: string) =>
  createHmac("sha256", secret).update(`sacred-path-doctor:${at}`).digest("base64url");

export function doctorToken(secret: string, now = Date.now()): string {
  return `${now}.${sign(secret, String(now))}`;
}

export function doctorTokenValid(secret: string | undefined, token: unknown, now = Date.now()): boolean {
  if (!secret || typeof token !== "string") return false;
  const [at, mac] = token.split(".");
  if (!at || !mac || !/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > TOKEN_LIFETIME_MS) return false;
  const expected = Buffer.from(sign(secret, at));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the app saw of the doctor's request. */
export interface DoctorProbeAnswer {
  siteUrl: string;
  trustProxy: string;
  version: string | null;
  host: string | null;
  protocol: string;
  reachedOrigin: string | null;
  /** The client address as rate limits and the audit log take it. */
  ip: string | null;
  /** The address of whoever opened the connection (the proxy, when there is one). */
  socket: string | null;
  forwardedFor: string | null;
  forwardedProto: string | null;
}

export function doctorProbe(env: Pick<Env, "AUTH_SECRET" | "SITE_URL" | "TRUST_PROXY">, version: string | null) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!doctorTokenValid(env.AUTH_SECRET, req.headers[DOCTOR_TOKEN_HEADER])) return next();
    const header = (name: string) => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    };
    const answer: DoctorProbeAnswer = {
      siteUrl: env.SITE_URL,
      trustProxy: env.TRUST_PROXY,
      version,
      host: header("host"),
      protocol: req.protocol,
      reachedOrigin: reachedOrigin(req) ?? null,
      ip: req.ip ?? null,
      socket: req.socket.remoteAddress ?? null,
      forwardedFor: header("x-forwarded-for"),
      forwardedProto: header("x-forwarded-proto"),
    };
    res.setHeader("Cache-Control", "private, no-store");
    res.json(answer);
  };
}
