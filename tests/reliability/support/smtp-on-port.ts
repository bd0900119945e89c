import { SMTPServer } from "smtp-server";

export interface Delivery {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A local SMTP server on a port chosen in advance (the app was started pointing at it while it
 * was closed). `delayMs` slows each delivery, so several workers' batches overlap in time.
 */
export async function startSmtpOnPort(port: number, options: { delayMs?: number } = {}) {
  const received: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
            raw,
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    received,
    /** How many times each message (recipient and subject) arrived. */
    counts() {
      const counts = new Map<string, number>();
      for (const mail of received) {
        const key = `${mail.to.join(",")}|${mail.subject}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
