import express, { type NextFunction, type Request, type Response } from "express";

/** What our pages send: reads, and forms posted. Other methods reached actions (PUT ran them; TRACE broke them). */
const METHODS = ["GET", "HEAD", "POST"];
/** Every action of the site reads a form; these are the bodies browsers send for one. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Routes that take another body: the payment provider's webhook posts JSON (checked by its signature). */
const NON_FORM_ROUTES = new Set(["/payments/webhook"]);
/** Far above the largest form (an integration session: a few fields of 5,000 characters). */
export const MAX_BODY_BYTES = 1024 * 1024;

const NUL_ENCODED = Buffer.from("%00");

function refuse(res: Response, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(message);
}

/**
 * Refuses a request target that is not a path on this site: an absolute URL, or one that a URL
 * parser reads as another host ("//console/newsletter" and "/\\console" are the host "console").
 * Browsers send only paths that start with one slash.
 */
export function pathGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = req.originalUrl;
    if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
      return refuse(res, 400, "This address is not a path on this site.");
    }
    next();
  };
}

/**
 * The body as the form its type names, by the parser every action calls (`request.formData()`),
 * which throws on a multipart body without its boundary or cut off: null then.
 */
export async function readForm(contentType: string, body: Buffer): Promise<FormData | null> {
  try {
    return await new globalThis.Request("http://form.invalid/", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}

/** The refusal of a NUL character, naming the field that holds it (issue 30) when its name is a plain one. */
function nulMessage(form: FormData | null): string {
  for (const [name, value] of form?.entries() ?? []) {
    const text = typeof value === "string" ? value : "";
    if ((name.includes("\0") || text.includes("\0")) && /^[A-Za-z][\w-]{0,63}$/.test(name)) {
      return `The field "${name}" may not contain the NUL character.`;
    }
  }
  return "Text may not contain the NUL character.";
}

/**
 * Refuses, before any route runs, input no page of ours produces: a method other than GET, HEAD
 * and POST, a post whose body is not a readable form, a body over MAX_BODY_BYTES, and the NUL
 * character anywhere in the address or a form (PostgreSQL cannot store it in text, so it would
 * surface as a server error). Reads the body into `req.body` (a Buffer) for the router; see
 * toFetchRequest.
 */
export function inputGuard() {
  const readBody = express.raw({ type: () => true, limit: MAX_BODY_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.originalUrl.includes("%00")) return refuse(res, 400, "Addresses may not contain the NUL character.");
    if (!METHODS.includes(req.method)) {
      // 400, as issue 13 asks of every request no page sends; Allow still names what is accepted.
      res.setHeader("Allow", METHODS.join(", "));
      return refuse(res, 400, "This address accepts GET and POST requests only.");
    }
    if (req.method !== "POST") return next();
    const formOnly = !NON_FORM_ROUTES.has(req.path);
    const type = (req.headers["content-type"] ?? "").toLowerCase();
    if (formOnly && !FORM_TYPES.some((form) => type.startsWith(form))) {
      return refuse(res, 415, "This address accepts form submissions only.");
    }
    readBody(req, res, async (error?: unknown) => {
      if (error) return next(error);
      if (!Buffer.isBuffer(req.body)) req.body = Buffer.alloc(0);
      const body = req.body as Buffer;
      if (!formOnly) return next();
      // Urlencoded forms carry NUL as %00 (a typed "%00" arrives as %2500); multipart carries the byte.
      const urlencoded = type.startsWith("application/x-www-form-urlencoded");
      const form = await readForm(req.headers["content-type"] ?? "", body);
      if (body.includes(0) || (urlencoded && body.includes(NUL_ENCODED))) {
        return refuse(res, 400, nulMessage(form));
      }
      if (!form) {
        return refuse(res, 400, "This form could not be read. Please reload the page and try again.");
      }
      next();
    });
  };
}
