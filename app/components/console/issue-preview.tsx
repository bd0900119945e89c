/**
 * An issue as its readers will see it: the mail's light page. The HTML is the rendering stored when
 * the issue was saved (modules/newsletter/issue-body.server.ts), which escapes any HTML typed into the body.
 */
export function IssuePreview({ subject, html }: { subject: string; html: string }) {
  return (
    <section aria-labelledby="preview-title" className="mt-6">
      <h2 id="preview-title" className="font-serif text-2xl font-semibold">
        Preview
      </h2>
      <div className="mt-3 rounded-xl bg-[#f6f3fb] p-6 font-serif text-[#1e1433] sm:p-8">
        <p className="text-xl font-semibold break-words text-[#3b1f6e]">{subject}</p>
        <div
          className="mt-4 text-base leading-relaxed break-words [&_a]:text-[#3b1f6e] [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-[#c9b8e8] [&_blockquote]:pl-3 [&_h1]:mt-5 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output; typed HTML is escaped, unsafe links dropped
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <p className="mt-6 text-xs text-[#5c5370]">
          Each subscriber's mail ends with their own one-click unsubscribe link.
        </p>
      </div>
    </section>
  );
}
