// Writes public/og/{name}.svg and a 1200x630 PNG twin for every page with a share image.
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { articles } from "../app/content/articles";
import { sacredGeometrySvg } from "../app/lib/art";
import { shareImageNames } from "../app/lib/art-paths";

const outDir = path.resolve("public/og");
fs.mkdirSync(outDir, { recursive: true });
const names = [...shareImageNames, ...articles.map((a) => a.slug)];
for (const name of names) {
  const svg = sacredGeometrySvg(name);
  fs.writeFileSync(path.join(outDir, `${name}.svg`), svg);
  const png = new Resvg(svg, { fitTo: { mode: "width", value: 1200 } }).render().asPng();
  fs.writeFileSync(path.join(outDir, `${name}.png`), png);
}
process.stdout.write(`generated ${names.length} share images in public/og\n`);
