import { chromium } from "playwright-core";

const base = "http://localhost:3111";
const [, , who = "maya", pass = "gentle-river-morning", ...paths] = process.argv;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on("console", (m) => m.type() === "error" && console.log("console error:", m.text()));
  await page.goto(`${base}/sacred-access`);
  await page.fill("#emailOrUsername", who);
  await page.fill("#password", pass);
  await page.click("button[type=submit]");
  await page.waitForTimeout(1800);
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(400);
    const name = p.replace(/[/?=&]/g, "_") || "root";
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    console.log("shot", name, width, page.url());
  }
  await page.close();
}
await browser.close();
