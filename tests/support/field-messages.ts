/*
 * What a person sees of a refused form in the page the server rendered (no JavaScript): which
 * controls are marked wrong and what their messages say, and the form's alert. The forms render a
 * field's error by marking its control `aria-invalid="true"` with `aria-describedby` naming the
 * message (app/components/forms/field.tsx), or, where one alert speaks for the form (/request-access,
 * the sign-in forms), by pointing the first bad control at that alert. Either way the evidence that
 * a message is about FIELD is the same: a control named FIELD is marked, and an element it is
 * described by (that is not its hint) holds text.
 */

/** The attributes of every start tag of `tag` (React escapes quotes inside values). */
function startTags(html: string, tag: string): Array<{ index: number; attrs: Record<string, string> }> {
  const found: Array<{ index: number; attrs: Record<string, string> }> = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs: Record<string, string> = {};
    for (const [, name, value] of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      if (name) attrs[name.toLowerCase()] = value ?? "";
    }
    found.push({ index: match.index ?? 0, attrs });
  }
  return found;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The text inside the element with this id (tags stripped), or null when the page has none. */
export function textOfId(html: string, id: string): string | null {
  const open = new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`, "i");
  const match = open.exec(html);
  if (!match) return null;
  const tag = (match[1] ?? "").toLowerCase();
  // The element's end: count nested elements of the same name.
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  pattern.lastIndex = match.index + match[0].length;
  let depth = 1;
  let end = html.length;
  for (let next = pattern.exec(html); next; next = pattern.exec(html)) {
    depth += next[1] ? -1 : next[0].endsWith("/>") ? 0 : 1;
    if (depth === 0) {
      end = next.index;
      break;
    }
  }
  return decode(
    html
      .slice(match.index + match[0].length, end)
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** The messages shown for the control(s) named `field`: the text of each marked control's description. */
export function fieldMessages(html: string, field: string): string[] {
  const messages: string[] = [];
  for (const tag of ["input", "textarea", "select", "fieldset", "button"]) {
    for (const { attrs } of startTags(html, tag)) {
      if (attrs.name !== field && attrs["data-field"] !== field) continue;
      if (attrs["aria-invalid"] !== "true") continue;
      for (const id of (attrs["aria-describedby"] ?? "").split(/\s+/).filter(Boolean)) {
        if (id.endsWith("-hint")) continue; // a hint is there before any error
        const text = textOfId(html, id);
        if (text) messages.push(text);
      }
    }
  }
  return messages;
}

/**
 * Whether the page has a control named `field`, and whether one is a control a person fills in:
 * a hidden input or a button's value (an intent, an id) is chosen by the page, not typed.
 */
export function hasControl(html: string, field: string): { any: boolean; visible: boolean } {
  let any = false;
  let visible = false;
  for (const tag of ["input", "textarea", "select", "button"]) {
    for (const { attrs } of startTags(html, tag)) {
      if (attrs.name !== field) continue;
      any = true;
      if (tag !== "button" && attrs.type !== "hidden") visible = true;
    }
  }
  return { any, visible };
}

/** Every message an answer shows (alerts and marked fields), to compare two answers. */
export function everyMessage(html: string): string[] {
  const fields = [...html.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1] ?? "");
  return [...alerts(html), ...[...new Set(fields)].flatMap((f) => fieldMessages(html, f))].sort();
}

/** The text of the page's alerts (role="alert"): form-level notices. */
export function alerts(html: string): string[] {
  const texts: string[] = [];
  for (const tag of ["p", "div", "section"]) {
    for (const { attrs } of startTags(html, tag)) {
      if (attrs.role !== "alert" || !attrs.id) continue;
      const text = textOfId(html, attrs.id);
      if (text) texts.push(text);
    }
  }
  // Alerts without an id: their text up to the next tag's end.
  for (const match of html.matchAll(/<(p|div|section)\b[^>]*\srole="alert"[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const text = decode(
      (match[2] ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts;
}
