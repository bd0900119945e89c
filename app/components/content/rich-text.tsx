import { Fragment } from "react";
import { Link } from "react-router";
import type { Block, RichText } from "~/content/types";

export function RichTextView({ text }: { text: RichText }) {
  return (
    <>
      {text.map((part, i) =>
        typeof part === "string" ? (
          <Fragment key={i}>{part}</Fragment>
        ) : part.href.startsWith("/") ? (
          <Link key={i} to={part.href} className="text-violet-300 underline underline-offset-4 hover:text-gold">
            {part.text}
          </Link>
        ) : (
          <a
            key={i}
            href={part.href}
            rel="noopener noreferrer"
            className="text-violet-300 underline underline-offset-4"
          >
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

/** Renders content blocks; text is always rendered as text, never as HTML. */
export function Blocks({ blocks, headingLevel = 3 }: { blocks: ReadonlyArray<Block>; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case "p":
            return (
              <p key={i} className="mt-5 first:mt-0">
                <RichTextView text={block.text} />
              </p>
            );
          case "h3":
            return (
              <Heading key={i} className="mt-8 font-serif text-2xl font-semibold text-violet-200">
                {block.text}
              </Heading>
            );
          case "list":
            return (
              <ul key={i} className="mt-5 list-disc space-y-2 pl-6 marker:text-gold">
                {block.items.map((item, j) => (
                  <li key={j}>
                    <RichTextView text={item} />
                  </li>
                ))}
              </ul>
            );
          case "quote":
            return (
              <blockquote key={i} className="mt-6 border-l-4 border-gold/70 pl-5 italic text-mist">
                <p>{block.text}</p>
                {block.cite ? (
                  <footer className="mt-2 text-base not-italic text-mist-muted">— {block.cite}</footer>
                ) : null}
              </blockquote>
            );
          case "callout":
            return (
              <div key={i} className="card mt-6">
                <p className="font-sans text-sm font-semibold tracking-widest text-gold uppercase">{block.title}</p>
                <div className="mt-3">
                  <Blocks blocks={block.blocks} headingLevel={4} />
                </div>
              </div>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
