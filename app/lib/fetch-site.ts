/**
 * Fetch Metadata (`Sec-Fetch-Site`): whether the browser says a request is the site's own doing.
 * `same-origin`: a page of this site asked for it (a link followed here, a form, the app's own
 * data requests); `none`: the person themselves (typed, a bookmark, a link opened from a mail
 * program). Another site can cause neither: its links, forms and redirects arrive `cross-site`
 * or `same-site`, whatever the hops between.
 *
 * The same-origin guard (server/same-origin-guard.ts) lets a POST without Origin through on these
 * values (or with no header at all: not a browser, so no ambient session). A GET that would change
 * something (marking a conversation read, recording a keeper's read) asks more: the header must be
 * there and say so, since its absence proves nothing about who sent the person here.
 */
export function isSitesOwn(fetchSite: string | null | undefined): boolean {
  return fetchSite === "same-origin" || fetchSite === "none";
}

/**
 * A request this site's own pages (or the person) made: its page may record that they read what it
 * shows. Also the page answering a post from this site: loaders then run with the post's headers,
 * whose Origin the same-origin guard has checked is the site's (no other site's page can send it).
 */
export function isOwnRequest(request: Request): boolean {
  if (isSitesOwn(request.headers.get("sec-fetch-site"))) return true;
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(request.url).origin;
}
