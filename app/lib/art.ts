/**
 * Generative sacred-geometry artwork: the same seed always draws the same picture. Used for
 * article illustrations and the 1200x630 social-share images (rendered to PNG at build time).
 * Our own art: nothing is fetched from another host.
 */

function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function random(seed: string): () => number {
  let a = hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export function sacredGeometrySvg(seed: string, width = 1200, height = 630): string {
  const rnd = random(seed);
  const cx = width / 2;
  const cy = height / 2;
  const unit = Math.min(width, height) * (0.16 + rnd() * 0.04);
  const hue = Math.round(255 + rnd() * 35);
  const parts: string[] = [];

  // Stars
  for (let i = 0; i < 90; i++) {
    parts.push(
      `<circle cx="${r2(rnd() * width)}" cy="${r2(rnd() * height)}" r="${r2(0.4 + rnd() * 1.4)}" fill="#fff" opacity="${r2(0.2 + rnd() * 0.6)}"/>`,
    );
  }
  // Flower of life: a centre circle and two rings of six.
  const rings = 1 + Math.floor(rnd() * 2);
  const circles: Array<[number, number]> = [[cx, cy]];
  for (let ring = 1; ring <= rings; ring++) {
    for (let k = 0; k < 6 * ring; k++) {
      const angle = (Math.PI * 2 * k) / (6 * ring);
      circles.push([cx + Math.cos(angle) * unit * ring, cy + Math.sin(angle) * unit * ring]);
    }
  }
  for (const [x, y] of circles) {
    parts.push(
      `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(unit)}" fill="none" stroke="url(#g)" stroke-width="1.6" opacity="0.75"/>`,
    );
  }
  // Nested polygons, gently rotated.
  const sides = [3, 4, 6, 8, 12][Math.floor(rnd() * 5)] ?? 6;
  const rotation = rnd() * Math.PI;
  for (let layer = 1; layer <= 4; layer++) {
    const radius = unit * (rings + 1) * (layer / 4) * 1.05;
    const points = Array.from({ length: sides }, (_, k) => {
      const angle = rotation + (Math.PI * 2 * k) / sides + layer * 0.12;
      return `${r2(cx + Math.cos(angle) * radius)},${r2(cy + Math.sin(angle) * radius)}`;
    }).join(" ");
    parts.push(
      `<polygon points="${points}" fill="none" stroke="#e8c46a" stroke-width="${r2(2.2 - layer * 0.35)}" opacity="${r2(0.35 + layer * 0.12)}"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${r2(unit * 0.22)}" fill="#fde68a" opacity="0.9" filter="url(#blur)"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d0b26"/><stop offset="1" stop-color="hsl(${hue} 60% 18%)"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="hsl(${hue} 80% 55%)" stop-opacity="0.55"/><stop offset="1" stop-color="#07061a" stop-opacity="0"/></radialGradient>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#e8c46a"/></linearGradient>
<filter id="blur" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="${r2(unit * 0.12)}"/></filter>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect width="100%" height="100%" fill="url(#glow)"/>
${parts.join("\n")}
</svg>`;
}
