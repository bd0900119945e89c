import { useId, useState } from "react";
import { FieldError } from "~/components/forms/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CARD_MESSAGES } from "~/modules/payments/messages";
import { usePaymentProvider } from "./test-mode-notice";

/**
 * Test mode's card fields (DESIGN.md "Card fields"). They have no `name`, so the browser never
 * sends them: the form carries only `cardLast4` and `cardholder`, filled from here on submit.
 */
export interface CardErrors {
  number?: string;
  name?: string;
  expiry?: string;
  cvv?: string;
  zip?: string;
}

const groupInFours = (v: string) =>
  v
    .replace(/\D/g, "")
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
const formatExpiry = (v: string) => {
  const digits = v.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Checks the card fields of `form`; the last four and the cardholder when they are all valid. */
export function readCard(form: HTMLFormElement, now = new Date()): { last4: string; name: string } | CardErrors {
  const value = (field: string) => (form.querySelector<HTMLInputElement>(`[data-card="${field}"]`)?.value ?? "").trim();
  const number = value("number").replace(/\s/g, "");
  const name = value("name");
  const [mm, yy] = value("expiry").split("/");
  const errors: CardErrors = {};
  if (!/^\d{13,16}$/.test(number)) errors.number = CARD_MESSAGES.number;
  if (!name) errors.name = CARD_MESSAGES.name;
  const month = Number(mm);
  const year = 2000 + Number(yy);
  const expired = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
  if (!/^\d{2}$/.test(mm ?? "") || !/^\d{2}$/.test(yy ?? "") || month < 1 || month > 12 || expired) {
    errors.expiry = CARD_MESSAGES.expiry;
  }
  if (!/^\d{3}$/.test(value("cvv"))) errors.cvv = CARD_MESSAGES.cvv;
  if (!/^\d{5}$/.test(value("zip"))) errors.zip = CARD_MESSAGES.zip;
  return Object.keys(errors).length > 0 ? errors : { last4: number.slice(-4), name };
}

export const isCard = (r: ReturnType<typeof readCard>): r is { last4: string; name: string } => "last4" in r;

export function CardFields({ errors, disabled }: { errors: CardErrors; disabled?: boolean }) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("");
  const field = (key: keyof CardErrors, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-2 block font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        data-card={key}
        className="field"
        disabled={disabled}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );
  return (
    <div className="grid gap-5">
      {field("number", "Card number", {
        inputMode: "numeric",
        autoComplete: "cc-number",
        value: number,
        onChange: (e) => setNumber(groupInFours(e.target.value)),
        placeholder: "4242 4242 4242 4242",
      })}
      {field("name", "Cardholder name", {
        autoComplete: "cc-name",
        value: name,
        maxLength: 100,
        onChange: (e) => setName(e.target.value.toUpperCase()),
      })}
      <div className="grid grid-cols-3 gap-4">
        {field("expiry", "Expiry (MM/YY)", {
          inputMode: "numeric",
          autoComplete: "cc-exp",
          value: expiry,
          onChange: (e) => setExpiry(formatExpiry(e.target.value)),
          placeholder: "MM/YY",
        })}
        {field("cvv", "CVV", { inputMode: "numeric", autoComplete: "cc-csc", maxLength: 3 })}
        {field("zip", "Billing ZIP", { inputMode: "numeric", autoComplete: "postal-code", maxLength: 5 })}
      </div>
    </div>
  );
}

/**
 * Whether the test card fields show: only in test mode, and only once the app runs, since the
 * fields have no name and scripts carry their last four. Before that (or without scripts) the
 * payment is approved on the provider's page, as with PayPal.
 */
export function useCardFields() {
  const provider = usePaymentProvider();
  const hydrated = useHydrated();
  return provider === "test" && hydrated;
}

/** Where the payment happens when there are no card fields here. */
export function ApprovalNote() {
  const provider = usePaymentProvider();
  return (
    <p className="text-sm text-mist-muted">
      {provider === "paypal"
        ? "You will complete the payment with PayPal."
        : "You approve the test payment on the next page."}
    </p>
  );
}
