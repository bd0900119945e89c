import { Form } from "react-router";
import type { ConsoleDone } from "~/components/console/outcome";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";

/** One gift's Refund: asks first (with JavaScript), then posts the gift's id. */
export function RefundGiftButton({
  gift,
  result,
}: {
  gift: { id: number; amount: string; donorName: string; inPerson: boolean };
  result: FormResult<ConsoleDone> | undefined;
}) {
  const form = useForm({ id: `refund-${gift.id}`, result });
  return (
    <Form
      method="post"
      {...form.props}
      onSubmit={(event) => {
        // A gift given in person goes back by hand: the button only records that it did.
        const question = gift.inPerson
          ? `Record that ${gift.amount} was given back to ${gift.donorName}?`
          : `Refund ${gift.amount} to ${gift.donorName}?`;
        if (window.confirm(question)) return form.props.onSubmit(event);
        event.preventDefault();
      }}
    >
      <input {...form.keyField} />
      <input type="hidden" name="intent" value="refund" />
      <button
        type="submit"
        name="refund"
        value={gift.id}
        className="btn-ghost px-3 py-1 text-xs"
        disabled={form.pending}
      >
        {gift.inPerson ? "Given Back" : "Refund"}
      </button>
    </Form>
  );
}
