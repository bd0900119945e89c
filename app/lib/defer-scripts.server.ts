/**
 * Lets a page paint before its scripts load. React Router puts a module preload for every script
 * of the page (two dozen) at the top of the head and the script that hydrates it at the end of the
 * body; on a slow phone connection those downloads share the line with the stylesheet and fonts
 * and hold back the first paint (issue 17: Lighthouse 88 on `/`, 99 with no scripts at all).
 *
 * Here the preloads leave the head and the hydrating module is parked (an unknown script type is
 * not run); a small script starts both once the page has painted, so the page looks the same and
 * works without JavaScript as before, then hydrates moments later. React hydrates the parked
 * script in place (its attributes may differ: React Router marks it suppressHydrationWarning) and
 * puts preload links back into the head itself. The Content-Security-Policy is made from the page
 * after this step, so it allows the starter, and the parked module by the same hash when it runs.
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE = '<script type="module" async="">';
const PARKED = "text/x-deferred-module";

export function deferScripts(html: string): string {
  // React hoists the preloads into the head, so only the head is searched: the body is most of a
  // page's bytes (a member page's 20 to 70 KB), and this runs for every page rendered.
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const hrefs = [...head.matchAll(PRELOAD)].map((m) => m[1] as string);
  const at = html.indexOf(MODULE, headEnd);
  if (at < 0 || hrefs.length === 0) return html;
  // After the first paint is on screen, and once the parked script has been read (DOMContentLoaded).
  // "On screen" is the first-contentful-paint entry: a frame's animation callback runs before that
  // frame is painted and presented, and on a busy phone the downloads it started still competed with
  // the paint (Lighthouse saw them start 20 to 80 ms before it). A tab opened in the background
  // paints only when shown, so it starts 3 s after DOMContentLoaded if no paint has come (timers
  // still run there); a browser without paint timing waits one frame, as before. In the head, where
  // React expects scripts it did not make.
  const start =
    `if(s)return;s=1;var d=document;${JSON.stringify(hrefs)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `d.querySelectorAll('script[type="${PARKED}"]').forEach(function(p){var e=d.createElement("script");e.type="module";e.textContent=p.textContent;p.replaceWith(e)})`;
  const starter =
    `<script>(function(){var s=0;function start(){${start}}function later(){setTimeout(start,0)}` +
    `function go(){var P=window.PerformanceObserver;setTimeout(start,3000);` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){` +
    `if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true})}` +
    `else requestAnimationFrame(later)}` +
    `document.readyState==="loading"?document.addEventListener("DOMContentLoaded",go):go()})()</script>`;
  // A data block (an unknown type) may not be async: the attribute goes too (React ignores the difference).
  const parked = `<script type="${PARKED}">${html.slice(at + MODULE.length)}`;
  return `${head.replace(PRELOAD, "")}${starter}${html.slice(headEnd, at)}${parked}`;
}
