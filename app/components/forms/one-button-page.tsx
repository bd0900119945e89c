import { Form, Link, useNavigation } from "react-router";
import { PageHero } from "../content/page-hero";

interface Hero {
  eyebrow: string;
  title: string;
  text: string;
}

/**
 * A page a mailed link opens, whose one action is a button: a POST, because mail scanners open
 * links and must not act for anyone. Before the press it asks; after, it says what happened.
 */
export function OneButtonPage(props: {
  state: "ask" | "done" | "failed";
  ask: Hero & { button: string; busy: string };
  done: Hero;
  failed: Hero;
}) {
  const submitting = useNavigation().state === "submitting";
  const hero = props[props.state];
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        {hero.text}
      </PageHero>
      {props.state === "ask" ? (
        <Form method="post" className="text-center">
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? props.ask.busy : props.ask.button}
          </button>
        </Form>
      ) : null}
      <p className="mt-10 text-center">
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </p>
    </div>
  );
}
