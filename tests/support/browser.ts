import fs from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** CHROME_PATH, else Debian's Chromium; a clear message when neither exists. */
export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate}. Install it with "sudo apt-get install -y chromium" or set CHROME_PATH to a Chrome or Chromium binary.`,
    );
  }
  return candidate;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}
