import { data, Link } from "react-router";
import { errorMeta, privateMeta } from "~/lib/private-meta";
import { handbookPage } from "~/modules/handbook/handbook.server";
import type { Route } from "./+types/help";

/**
 * The keepers' handbook (docs/keepers/), read in the console: /console/help is its index,
 * /console/help/<page> one page. The console layout's guard lets only staff past the second factor in.
 */
export function loader({ params }: Route.LoaderArgs) {
  // The index has one address: /console/help/README is not a second one.
  const page =
    params.page === undefined ? handbookPage("README") : params.page === "README" ? null : handbookPage(params.page);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

/** A private page, as the console's others: never indexed (its layout's meta names the console, this one the page). */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error ? errorMeta(error) : privateMeta(`${loaderData?.page.title ?? "Handbook"}, the keepers' handbook`);

// Dark console prose, as the rest of the console reads: serif headings, the violet links, framed screenshots.
const PROSE = [
  "break-words text-mist leading-relaxed",
  "[&_h1]:font-serif [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:text-violet-50",
  "[&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-violet-50",
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-violet-100",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5",
  "[&_a]:text-violet-200 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-gold",
  "[&_strong]:font-semibold [&_strong]:text-violet-50",
  "[&_code]:rounded [&_code]:bg-night-800 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold/60 [&_blockquote]:pl-4",
  "[&_img]:mt-4 [&_img]:w-full [&_img]:rounded-xl [&_img]:border [&_img]:border-violet-300/20",
].join(" ");

export default function Help({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="max-w-3xl">
      {page.name === "README" ? null : (
        <Link to="/console/help" className="text-sm text-violet-200 underline underline-offset-4">
          Handbook
        </Link>
      )}
      <div
        className={`${page.name === "README" ? "" : "mt-3 "}${PROSE}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the project's own Markdown through markdown-it with HTML off and unsafe links dropped
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </article>
  );
}
