import { HONEYPOT_FIELD } from "~/forms/forms";

/** A field people never see or reach; bots fill it, and the action quietly drops their post. */
export function Honeypot({ idPrefix }: { idPrefix?: string }) {
  const id = idPrefix ? `${idPrefix}-${HONEYPOT_FIELD}` : HONEYPOT_FIELD;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
