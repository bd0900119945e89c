import { type ChangeEvent, type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import {
  type FieldErrors,
  FORM_KEY_FIELD,
  type FormResult,
  type FormValues,
  fieldErrorsOf,
  formInput,
} from "~/forms/forms";
import { focusChanged, focusFirst, type OwedFocus, owing } from "./focus";

/*
 * The browser half of the one form pipeline (docs/decisions/008-one-form-pipeline.md). Every form
 * of the product is a plain <Form> (or fetcher.Form) that works before JavaScript loads; this hook
 * adds what the running app can do on top: the same schema checks the form before it is sent, each
 * message sits under its field (aria-invalid, aria-describedby), the first bad field takes focus,
 * what was typed stays after an error, the submit button says it is pending, the form's
 * one-time key is renewed after each success, and focus moves to what a success changed.
 */

interface Schema {
  shape: Parameters<typeof formInput>[1]["shape"];
  safeParse(
    input: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

interface Fetcher {
  state: "idle" | "submitting" | "loading";
  submit: ReturnType<typeof useSubmit>;
}

export interface FormOptions<T> {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  /** The action's last answer (the route's actionData, or fetcher.data). */
  result: FormResult<T> | undefined;
  /** The form's schema, loaded on first use (docs/decisions/003-zod-mini-in-forms.md). */
  schema?: () => Promise<Schema>;
  /** A fetcher's form; by default the page's navigation submits it. */
  fetcher?: Fetcher;
  /** The form's action path, when it is not this page (for its pending state). */
  action?: string;
  /**
   * The form hands the browser to a payment page. Once it passes the checks here it is posted as a
   * browser posts it without JavaScript, and the browser follows the 303 itself: leaving from the
   * running app would cut off the app's own requests still being read (Firefox reports "Error in
   * input stream"). Its <Form> takes `reloadDocument` from `props`.
   */
  handsOff?: boolean;
  /** Called with the browser's messages before nothing is sent (e.g. SPEC.md's "Missing Information" toast). */
  onInvalid?(errors: FieldErrors): void;
  /** Called once per successful answer, with the form (to clear it after SPEC.md's moment). */
  onSuccess?(data: T | undefined, form: HTMLFormElement | null): void;
  /**
   * Called once per successful answer when the page has reloaded its data: where moving on belongs.
   * A promise it returns (a `navigate`) is a move the focus rule waits for.
   */
  onSettled?(data: T | undefined): unknown;
  /** Called once per refused answer (the notice: toast or alert, as SPEC.md has it). */
  onFailure?(result: Extract<FormResult<T>, { ok: false }>): void;
  /**
   * What a success changed on the page (the new item: a message, an entry, a passkey), asked once
   * the page has settled; it takes focus. Without it, or when it finds nothing, the form's own
   * card (its `section` or `article`, by its heading) takes it. See `focusChanged`.
   */
  changed?(data: T | undefined): Element | null | undefined;
}

/** useLayoutEffect in the browser; on the server (where it would do nothing but warn) useEffect. */
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export const newFormKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/**
 * Whether a form posted by the browser itself (a hand-off) is on its way. Back from the payment
 * page, the page may come out of the browser's cache as it was left: it is no longer leaving.
 */
export function useLeaving() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", back);
    return () => window.removeEventListener("pageshow", back);
  }, []);
  return [leaving, setLeaving] as const;
}

export function useForm<T = unknown>(options: FormOptions<T>) {
  const { id, result } = options;
  const form = useRef<HTMLFormElement>(null);
  const key = useRef<HTMLInputElement | null>(null);
  // The key in force. React writes it into the hidden input on every render (for a hidden input
  // the default value is its value), so it lives in state, not only in the input.
  const [formKey, setFormKey] = useState(newFormKey);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const navigation = useNavigation();
  const navigate = useSubmit();
  const latest = useRef(options);
  latest.current = options;
  // A hand-off form on its way (posted by the browser), and the one submit event let through to it.
  const [leaving, setLeaving] = useLeaving();
  const letThrough = useRef(false);

  const serverErrors = result && !result.ok ? result.fieldErrors : {};
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(clientErrors ?? serverErrors).filter(([name]) => !cleared.has(name)),
  );
  const values: FormValues = (result && !result.ok ? result.values : undefined) ?? {};

  // A new answer: its messages show afresh; the first bad field takes focus; success and refusal are told.
  // After hydration the page keeps the key the server rendered (a post sent before the app ran
  // carried that one).
  useIsomorphicLayoutEffect(() => {
    const rendered = key.current?.value;
    if (rendered) setFormKey(rendered);
  }, []);
  // A success spends the key: the next sending is a new one. Renewed as the answer is committed,
  // before the browser paints it, so a click that follows at once never resends the spent key.
  useIsomorphicLayoutEffect(() => {
    if (!result?.ok) return;
    const next = newFormKey();
    if (key.current) key.current.value = next;
    setFormKey(next);
  }, [result]);

  // The card the form sits in, kept when a success is told: the form itself may leave the page
  // (a card out of edit mode) before the focus moves.
  const region = useRef<Element | null>(null);
  useEffect(() => {
    setClientErrors(null);
    setCleared(new Set());
    if (!result) return;
    if (result.ok) {
      region.current = form.current?.closest("section, article") ?? form.current;
      latest.current.onSuccess?.(result.data, form.current);
      return;
    }
    focusFirst(form.current, Object.keys(result.fieldErrors));
    latest.current.onFailure?.(result);
  }, [result]);

  // Moving on waits until the page has settled: React Router hands over the action's answer while
  // it still reloads the page's data, and leaving then would cut that reload off, which Firefox
  // reports as an uncaught AbortError.
  const settled = options.fetcher ? options.fetcher.state === "idle" : navigation.state === "idle";
  const movedOn = useRef<FormResult<T> | undefined>(undefined);
  const [focusDue, setFocusDue] = useState<OwedFocus | null>(null);
  const tookOver = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!result?.ok || !settled || movedOn.current === result) return;
    movedOn.current = result;
    const owed = { id, data: result.data, regionId: region.current?.id || null, at: Date.now() };
    owing.focus = owed;
    // Where onSettled moves on (`navigate` to `?done=`), the focus waits for that move to end.
    void Promise.resolve(latest.current.onSettled?.(result.data)).then(() => {
      if (mounted.current) setFocusDue(owed);
    });
  }, [result, settled, id]);
  // A page may draw the form anew as it moves on (a card keyed by the location, so no typed
  // password stays): the new one takes up the focus its predecessor owed, if the redraw lost it.
  useEffect(() => {
    const owed = owing.focus;
    if (owed?.id !== id || Date.now() - owed.at > 10_000) return;
    tookOver.current = true;
    setFocusDue(owed);
  }, [id]);

  // Focus goes to what changed once nothing is loading any more and the page has been drawn.
  const pageIdle = navigation.state === "idle" && settled;
  useEffect(() => {
    if (!focusDue || !pageIdle) return;
    const timer = window.setTimeout(() => {
      setFocusDue(null);
      if (owing.focus !== focusDue) return; // owed no more: a newer success since
      // Still owed for a moment after: a form drawn anew just after (React commits the page the
      // move reached after the move resolves) gives it again where the redraw dropped it, once.
      if (tookOver.current) owing.focus = null;
      const card = region.current?.isConnected
        ? region.current
        : focusDue.regionId
          ? document.getElementById(focusDue.regionId)
          : null;
      focusChanged(latest.current.changed?.(focusDue.data as T | undefined), card, form.current);
    }, 30);
    return () => window.clearTimeout(timer);
  }, [focusDue, pageIdle]);

  const pending =
    leaving ||
    (options.fetcher
      ? options.fetcher.state === "submitting"
      : navigation.state === "submitting" &&
        (options.action === undefined || navigation.formAction?.split("?")[0] === options.action));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (letThrough.current) {
      letThrough.current = false;
      return;
    }
    event.preventDefault();
    if (leaving) return;
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // What a native post would send: the fields, and the button pressed (its name and value).
    const sent = submitter instanceof HTMLElement ? formWithSubmitter(element, submitter) : element;
    if (options.schema) {
      const schema = await options.schema();
      const checked = schema.safeParse(formInput(sent instanceof FormData ? sent : new FormData(sent), schema));
      if (!checked.success) {
        const found = fieldErrorsOf(checked.error);
        setClientErrors(found);
        setCleared(new Set());
        focusFirst(element, Object.keys(found));
        options.onInvalid?.(found);
        return;
      }
    }
    setClientErrors(null);
    if (options.handsOff) {
      setLeaving(true);
      letThrough.current = true;
      element.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
      return;
    }
    const submit = options.fetcher?.submit ?? navigate;
    await submit(sent, {
      method: "post",
      action: element.getAttribute("action") ?? undefined,
    });
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const name = (event.target as { name?: string }).name;
    if (name && errors[name]) setCleared((before) => new Set(before).add(name));
  }

  return {
    id,
    /** Spread on <Form> / <fetcher.Form>. */
    props: { ref: form, noValidate: true, onSubmit, onChange, reloadDocument: options.handsOff },
    /** Spread on a field: its id, what was typed before an error, its message, focus when first wrong. */
    field(name: string) {
      const value = values[name];
      const error = errors[name];
      return {
        id: `${id}-${name}`,
        name,
        defaultValue: typeof value === "string" ? value : undefined,
        error,
        // Without JavaScript the page itself puts the cursor on the first field to mend.
        autoFocus: error !== undefined && Object.keys(errors)[0] === name ? true : undefined,
      };
    },
    /** Whether a box of a group (or a single box) was ticked when the form came back with an error. */
    wasChecked(name: string, value = "on") {
      const v = values[name];
      return Array.isArray(v) ? v.includes(value) : v === value;
    },
    errors,
    /** The whole form's notice from the server (limits, failures), until the next answer. */
    formError: result && !result.ok ? (result.formError ?? null) : null,
    succeeded: result?.ok === true,
    pending,
    /** The hidden one-time key: render it inside the form. */
    // Rendered on the server with its own key; the browser keeps that one (hence no hydration warning).
    keyField: {
      ref: key,
      type: "hidden" as const,
      name: FORM_KEY_FIELD,
      defaultValue: formKey,
      suppressHydrationWarning: true,
    },
  };
}

/** The submitter's name and value travel with the form, as a native post sends them. */
function formWithSubmitter(form: HTMLFormElement, submitter: HTMLElement) {
  const data = new FormData(form);
  const name = submitter.getAttribute("name");
  if (name) data.append(name, submitter.getAttribute("value") ?? "");
  return data;
}
