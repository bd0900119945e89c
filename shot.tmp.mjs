import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
await p.goto(process.argv[2]);
await p.screenshot({ path: process.argv[3], fullPage: true });
console.log(await p.locator("fieldset").count(), await p.getByText("Every month", { exact: true }).count());
const box = await p.getByText("Every month", { exact: true }).boundingBox(); console.log(box);
await b.close();
