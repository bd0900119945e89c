/*
 * The time-zone <select> lists every zone the server knows (over 400): as React elements,
 * one <option> each, that was about a fifth of /profile's server CPU and as much again to
 * serialise the list for hydration (docs/measurements.md, issue 17). The options are the same
 * for every member, so they are written as HTML once per list and only the member's zone is
 * marked on each render; the list travels to the browser as one string.
 */

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

let cached: { zones: string; html: string } | null = null;

/** `zones`, one per line, as <option>s (an underscore reads as a space), with `selected` marked. */
export function timeZoneOptions(zones: string, selected: string): string {
  if (cached?.zones !== zones) {
    const html = zones
      .split("\n")
      .map((zone) => `<option value="${escapeHtml(zone)}">${escapeHtml(zone.replaceAll("_", " "))}</option>`)
      .join("");
    cached = { zones, html };
  }
  const marker = `<option value="${escapeHtml(selected)}">`;
  return cached.html.replace(marker, `<option value="${escapeHtml(selected)}" selected="">`);
}
