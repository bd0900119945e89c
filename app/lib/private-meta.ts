import { isRouteErrorResponse, type MetaDescriptor } from "react-router";

/*
 * The head of pages search engines never see. Apart from ./seo so the root (on every page, for its
 * error pages) carries only these few lines.
 */

/** Member, staff and single-use pages: a title, and kept out of search engines. */
export function privateMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} · Sacred Path Congregation` },
    // Never indexed; the description is what a browser or assistive tool shows about the tab.
    { name: "description", content: `${title}: a private page of the Sacred Path Congregation.` },
    { name: "robots", content: "noindex" },
  ];
}

/** An error page (a loader's 404, a refusal, a failure): a title that says so, never indexed. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return privateMeta(status === 404 ? "Page not found" : status === 403 ? "Not open to you" : "Something went wrong");
}
