import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that records what it receives. */
export async function startSmtpServer(options: { rejectFirst?: number } = {}) {
  const received: ReceivedMail[] = [];
  let rejections = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (rejections > 0) {
          rejections--;
          const error = new Error("451 Temporary local problem") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  /** Header names in lower case, values unfolded. */
  headers: Record<string, string>;
  /** The body after its transfer encoding is undone (base64 or quoted-printable), as UTF-8. */
  body: string;
}

/** The leaf parts of a received multipart message, enough to read what a mail program would (tests only). */
export function mimeParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1] ?? "");
  const separator = new RegExp(
    `\\r\\n--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?:--)?(?:\\r\\n|$)`,
  );
  return raw
    .split(separator)
    .slice(1)
    .map((chunk) => {
      const end = chunk.indexOf("\r\n\r\n");
      const head = chunk.slice(0, end).replace(/\r\n[ \t]+/g, " ");
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const encoded = end < 0 ? "" : chunk.slice(end + 4);
      const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
      const body =
        encoding === "base64"
          ? Buffer.from(encoded.replace(/\s+/g, ""), "base64").toString("utf8")
          : encoding === "quoted-printable"
            ? Buffer.from(
                encoded
                  .replace(/=\r\n/g, "")
                  .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
                "latin1",
              ).toString("utf8")
            : encoded;
      return { headers, body };
    })
    .filter((part) => !/^multipart\//i.test(part.headers["content-type"] ?? ""));
}
