import fs from "node:fs";
import { startAppProcess } from "../tests/support/app-process";
import { createAccounts, pgliteBench } from "./lib/bench-db";
import { cpuMember, fill, signIn } from "./lib/cpu";
const db = pgliteBench();
await createAccounts(db, [cpuMember]);
const app = await startAppProcess({ LOG_LEVEL: "warn", ...db.env });
try {
  const cookie = await signIn(app.url);
  await fill(app.url, cookie);
  for (const p of ["/journals", "/dashboard", "/profile", "/calendar", "/"]) {
    const html = await (await fetch(app.url + p, { headers: { cookie } })).text();
    const data = await (await fetch(app.url + (p === "/" ? "/_root" : p) + ".data", { headers: { cookie } })).text();
    const name = p === "/" ? "home" : p.slice(1);
    fs.writeFileSync(`/tmp/probes/${name}.html`, html);
    fs.writeFileSync(`/tmp/probes/${name}.data`, data);
    console.log(p, "html", html.length, "data", data.length, "elements", (html.match(/<[a-z]/g) ?? []).length, "svg", (html.match(/<svg/g) ?? []).length, "a", (html.match(/<a /g) ?? []).length);
  }
} finally { await app.stop(); await db.drop(); }
