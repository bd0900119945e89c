import { createContext, type ReactNode, useContext } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";

/**
 * What /profile's action answers on success (profile-actions.server.ts): which form, and where to
 * go; renewed recovery codes stay on the page instead, to be shown once.
 */
interface Saved {
  intent: string;
  redirectTo?: string;
  codes?: string[];
}
/** The page's answer, as the route reads it (Route.ComponentProps' actionData). */
export type ProfileAnswer = FormResult<Saved> | undefined;
const ProfileAnswerContext = createContext<ProfileAnswer>(undefined);
/** Given the page's answer by the route, for every form of the page (each takes its own, by intent). */
export const ProfileAnswerProvider = ProfileAnswerContext.Provider;
type Schema = NonNullable<Parameters<typeof useForm>[0]["schema"]>;

/**
 * The intent last sent from this page, in the browser: a dropped connection's answer (client
 * action) carries no fields, and its notice belongs to the form that was sent.
 */
let lastSent = "";

/**
 * One of the many forms of /profile on the one form pipeline. They share the page's answer, so
 * each takes only its own (by intent). A success goes where a browser without JavaScript is
 * redirected (`?done=…`), which leaves edit mode and says it worked; an error keeps the card open
 * with its messages and what was typed.
 */
export function useProfileForm(
  intent: string,
  schema?: Schema,
  row?: { field: string; value: string },
  /** What a success adds to the page, to take focus (use-form.ts); by default the form's card. */
  changed?: () => Element | null | undefined,
) {
  const answer = useContext(ProfileAnswerContext);
  // A form repeated per row (a recurring offering's) takes only the refusal sent from its own row.
  const ownRow = !row || answer?.ok || answer?.values?.[row.field] === row.value;
  const owner =
    !answer || !ownRow
      ? null
      : answer.ok
        ? answer.data?.intent
        : typeof answer.values?.intent === "string"
          ? answer.values.intent
          : lastSent;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const form = useForm<Saved>({
    id: row ? `${intent}-${row.value}` : intent,
    result: owner === intent ? answer : undefined,
    schema,
    onSettled(data) {
      // Returned, so the focus rule (use-form.ts) waits for the page this moves to.
      if (data?.redirectTo) return navigate(data.redirectTo, { preventScrollReset: true });
    },
    changed,
  });
  const alert = useOneAlert(form);
  return {
    ...form,
    /** The one alert, spread on FormAlert. */
    alert: alert.shown,
    /** A control's marks: invalid, and described by the alert when it holds that control's message. */
    control: alert.control,
    props: {
      ...alert.props,
      onSubmit(event: Parameters<typeof alert.props.onSubmit>[0]) {
        lastSent = intent;
        return alert.props.onSubmit(event);
      },
    },
    // Only this form's button says it is busy, not every form of the page.
    pending: navigation.state === "submitting" && navigation.formData?.get("intent") === intent,
    /** What this form's success answered (renewed recovery codes), until the page moves on. */
    saved: owner === intent && answer?.ok ? answer.data : undefined,
    /** Set when the form came back with an error (the card stays in edit mode). */
    failed: owner === intent && answer?.ok === false,
  };
}
export type ProfileForm = ReturnType<typeof useProfileForm>;

/** A form of /profile with its intent, one-time key and one alert. */
export function ProfileFormShell(props: {
  form: ProfileForm;
  intent: string;
  className?: string;
  /** Where the one alert goes: at the top (default) or nowhere (the children show messages). */
  alert?: boolean;
  /** A form that is one button: no control points at its alert, and several share an intent (no id). */
  buttonOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className={props.className} {...props.form.props}>
      <input type="hidden" name="intent" value={props.intent} />
      <input {...props.form.keyField} />
      {props.alert === false ? null : (
        <FormAlert {...props.form.alert} id={props.buttonOnly ? undefined : props.form.alert.id} />
      )}
      {props.children}
    </Form>
  );
}

/** A form that is one button (end a session, cancel a change, link records): its intent, key and notice. */
export function ButtonForm(props: {
  intent: string;
  hidden?: Record<string, string>;
  className?: string;
  buttonClassName: string;
  /** False where the page says this form's refusal (one form per row, and none without rows). */
  alert?: boolean;
  children: ReactNode;
}) {
  const form = useProfileForm(props.intent);
  return (
    <ProfileFormShell form={form} intent={props.intent} className={props.className} alert={props.alert} buttonOnly>
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={props.buttonClassName} disabled={form.pending}>
        {props.children}
      </button>
    </ProfileFormShell>
  );
}
