import { Mail } from "lucide-react";
import { Link } from "react-router";

/**
 * Said instead of a payment form when online payment is off (PAYMENT_PROVIDER=none): how to give
 * or book otherwise, and the way there. No card fields and no button that looks like paying.
 */
export function PaymentsOffNotice({
  notice,
  heading: Heading = "h2",
}: {
  notice: { title: string; description: string };
  heading?: "h2" | "h3";
}) {
  return (
    <section data-testid="payments-off" className="rounded-xl border border-gold/40 bg-gold/10 p-5">
      <Heading className="font-serif text-2xl font-semibold">{notice.title}</Heading>
      <p className="mt-2 text-mist">{notice.description}</p>
      <Link to="/contact" className="btn-gold mt-4">
        <Mail aria-hidden="true" className="h-4 w-4" /> Write to us
      </Link>
    </section>
  );
}
