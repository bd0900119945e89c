/** Where focus goes after a form's answer (use-form.ts): the first bad field, or what a success changed. */

/** A success's focus not yet given (see `focusChanged`): which form, its answer, and its card's id. */
export interface OwedFocus {
  id: string;
  data: unknown;
  regionId: string | null;
  /** When it was owed: a form drawn later than a moment after (another visit) owes nothing. */
  at: number;
}
/** The one focus owed on the page: a form drawn anew takes it up (use-form.ts). */
export const owing: { focus: OwedFocus | null } = { focus: null };

/**
 * The rule for every in-place success (issue 48): focus moves to what changed, so a keyboard or
 * screen-reader user goes on from there rather than from the top of the page (a pressed button
 * that was disabled while pending has dropped the focus to <body>). The new item if the form names
 * one, else the form's card by its heading. Focus the person has moved elsewhere stays there.
 */
export function focusChanged(item: Element | null | undefined, region: Element | null, form: HTMLFormElement | null) {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected;
  const stillHere = active && (form?.contains(active) || region?.contains(active));
  if (!lost && !stillHere) return;
  const connected = region?.isConnected ? region : null;
  const target = item?.isConnected ? item : (connected?.querySelector("h1, h2, h3") ?? connected);
  if (!(target instanceof HTMLElement)) return;
  // A heading or list item is not focusable by itself: -1 lets a script focus it, not the Tab key.
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: false });
}

export function focusFirst(form: HTMLFormElement | null, names: string[]) {
  if (!form || names.length === 0) return;
  const wanted = new Set(names);
  for (const element of Array.from(form.elements)) {
    const name = (element as { name?: string }).name;
    if (name && wanted.has(name) && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
