import { Shirt, UserRound, Utensils } from "lucide-react";
import { useLocation, useSearchParams } from "react-router";
import { FormOutcome } from "~/components/forms/form-outcome";
import { PageAlert } from "~/components/forms/page-alert";
import { EditableCard } from "~/components/profile/editable-card";
import { GivingCard } from "~/components/profile/giving-card";
import { LinkRecordsCard } from "~/components/profile/link-records-card";
import { MedicalCard } from "~/components/profile/medical-card";
import { PasskeysCard } from "~/components/profile/passkeys-card";
import { ProfileAnswerProvider, useProfileForm } from "~/components/profile/profile-form";
import { RecurringCard } from "~/components/profile/recurring-card";
import { PROFILE_SAVED } from "~/components/profile/saved-messages";
import { SecurityCard } from "~/components/profile/security-card";
import { SettingsCard } from "~/components/profile/settings-card";
import { TwoFactorCard } from "~/components/profile/two-factor-card";
import { YourDataCard } from "~/components/profile/your-data-card";
import { useHydrated } from "~/components/ui/use-hydrated";
import { appContext, viewerContext } from "~/context";
import { handleForm, readSubmission } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { unlessRefused } from "~/forms/revalidation";
import { parseInstantCursor } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { PROFILE_MESSAGES } from "~/modules/profile/messages";
import { PROFILE_FORMS } from "~/modules/profile/validation";
import type { Route } from "./+types/profile";
import { profileAction } from "./profile-actions.server";
import { profilePageData } from "./profile-data.server";

/**
 * The forms that say their own refusal, of those on the page now. Ending a session is one form
 * per row, and none without rows (a passkey's removal, one per row too, is said by its card), as are
 * a recurring offering's buttons (its amount form is there only while one is active or paused);
 * renaming a passkey is there only with one; the recovery codes only while an app is the second
 * factor; turning two-factor off only while it is on (and never to staff); adding a passkey only
 * once the app runs. Their refusals are said once, above the page.
 */
function shownByTheirForms(
  twoFactor: { on: boolean; staff: boolean; codesLeft: number | null },
  passkeys: number,
  hydrated: boolean,
  recurring: number,
) {
  return PROFILE_FORMS.filter(
    (intent) =>
      intent !== "end-session" &&
      !["recurring-pause", "recurring-resume", "recurring-cancel"].includes(intent) &&
      (recurring > 0 || intent !== "recurring-amount") &&
      (hydrated || intent !== "add-passkey") &&
      (passkeys > 0 || intent !== "rename-passkey") &&
      (twoFactor.codesLeft !== null || intent !== "renew-recovery-codes") &&
      (twoFactor.on || intent !== "two-factor-off") &&
      !(twoFactor.staff && intent === "two-factor-off"),
  );
}

export const meta: Route.MetaFunction = () => privateMeta("Profile and Settings");
export { privateActionHeaders as headers } from "~/lib/http";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The gifts are a page at a time (`?before=`, issue 47); an unusable cursor starts from the newest.
  const before = parseInstantCursor(new URL(request.url).searchParams.get("before"));
  return profilePageData(context.get(appContext), context.get(viewerContext), before);
}

/** Every form of the page, on the one pipeline (profile-actions.server.ts has one handler per intent). */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, PROFILE_MESSAGES.notSaved, handles.logger, () =>
    profileAction(request, handles, viewer, submission),
  );
}

/** A dropped connection: the form's notice, what was typed kept, the card still open. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, PROFILE_MESSAGES.notSaved);

/** A success moves on to `?done=…` (profile-form.tsx), which loads the page once; no second load before. */
export const shouldRevalidate = unlessRefused(({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.ok ? false : defaultShouldRevalidate,
);

const loadBasic = () => import("~/modules/profile/validation").then((m) => m.basicProfileSchema);
const loadMedical = () => import("~/modules/profile/validation").then((m) => m.medicalRecordSchema);
const loadClothing = () => import("~/modules/profile/validation").then((m) => m.clothingSchema);
const loadDietary = () => import("~/modules/profile/validation").then((m) => m.dietarySchema);
const loadDelete = () => import("~/modules/profile/validation").then((m) => m.deleteAccountSchema);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileAnswerProvider value={actionData}>
      <ProfilePage {...loaderData} answer={actionData} />
    </ProfileAnswerProvider>
  );
}

type PageProps = Route.ComponentProps["loaderData"] & { answer: Route.ComponentProps["actionData"] };

function ProfilePage(props: PageProps) {
  const { answer, profile, reads, sessions, timezones, gifts, emailVerified, pendingEmail, linkable } = props;
  const { twoFactor, passkeys } = props;
  // The rows whose forms are on the page (active or paused); the others show no form.
  const openRecurring = props.recurring.filter((r) => r.status === "active" || r.status === "paused").length;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // A new location (the redirect after a successful save) starts the security forms afresh: no
  // typed password stays in a field. An error answers without navigating, so what was typed stays.
  const { key: locationKey } = useLocation();
  const editing = params.get("edit");
  const basicForm = useProfileForm("basic", loadBasic);
  const medicalForm = useProfileForm("medical", loadMedical);
  const clothingForm = useProfileForm("clothing", loadClothing);
  const dietaryForm = useProfileForm("dietary", loadDietary);
  const settingsForm = useProfileForm("settings");
  const deleteForm = useProfileForm("delete", loadDelete);

  const { basic, medical, clothing, dietary } = profile;
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Profile and Settings</h1>
        <p className="mx-auto mt-3 max-w-xl text-mist-muted">
          What you keep here helps your facilitators care for you. Only you can change it.
        </p>
      </header>
      {/* Each profile form shows its own refusal (ProfileFormShell); a post naming none of them is said here. */}
      <PageAlert result={answer} shownBy={shownByTheirForms(twoFactor, passkeys.length, hydrated, openRecurring)} />
      {/* With JavaScript the confirmation is SPEC.md's toast; without, the page says it (after the redirect). */}
      <FormOutcome messages={PROFILE_SAVED} className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-2">
        <EditableCard
          id="basic"
          title="Basic Profile"
          icon={<UserRound aria-hidden className="text-gold" />}
          editing={editing === "basic" || basicForm.failed}
          form={basicForm}
          fields={[
            {
              name: "fullName",
              label: "Full name",
              value: basic.fullName,
              maxLength: 100,
              autoComplete: "name",
            },
            {
              name: "phone",
              label: "Phone",
              value: basic.phone,
              maxLength: 20,
              inputMode: "tel",
              autoComplete: "tel",
            },
            {
              name: "age",
              label: "Age",
              value: basic.age,
              maxLength: 3,
              inputMode: "numeric",
            },
            {
              name: "city",
              label: "City",
              value: basic.city,
              maxLength: 100,
              autoComplete: "address-level2",
            },
            {
              name: "emergencyContact",
              label: "Emergency contact",
              value: basic.emergencyContact,
              maxLength: 100,
            },
            {
              name: "emergencyPhone",
              label: "Emergency phone",
              value: basic.emergencyPhone,
              maxLength: 20,
              inputMode: "tel",
            },
          ]}
          footer={
            <p className="mt-4 text-sm text-mist-muted">
              Email {basic.email} · username {basic.username || "not set"} (change your email under Sign-in and
              Security).
            </p>
          }
        />
        <MedicalCard medical={medical} reads={reads} form={medicalForm} editing={editing === "medical"} />
        <EditableCard
          id="clothing"
          title="Clothing Preferences"
          icon={<Shirt aria-hidden className="text-gold" />}
          editing={editing === "clothing" || clothingForm.failed}
          form={clothingForm}
          fields={[
            {
              name: "shirtSize",
              label: "Shirt size",
              value: clothing.shirtSize,
              maxLength: 20,
            },
            {
              name: "pantSize",
              label: "Pant size",
              value: clothing.pantSize,
              maxLength: 20,
            },
            {
              name: "shoeSize",
              label: "Shoe size",
              value: clothing.shoeSize,
              maxLength: 20,
            },
            {
              name: "specialRequests",
              label: "Special requests",
              value: clothing.specialRequests,
              multiline: true,
              maxLength: 500,
            },
          ]}
        />
        <EditableCard
          id="dietary"
          title="Dietary Notes"
          icon={<Utensils aria-hidden className="text-gold" />}
          editing={editing === "dietary" || dietaryForm.failed}
          form={dietaryForm}
          fields={[
            {
              name: "dietaryRestrictions",
              label: "Restrictions",
              value: dietary.dietaryRestrictions,
              multiline: true,
              maxLength: 500,
            },
            {
              name: "dietaryPreferences",
              label: "Preferences",
              value: dietary.dietaryPreferences,
              multiline: true,
              maxLength: 500,
            },
            {
              name: "dietaryAllergies",
              label: "Food allergies",
              value: dietary.dietaryAllergies,
              multiline: true,
              maxLength: 500,
            },
          ]}
        />
        <GivingCard gifts={gifts} years={props.giftYears} older={props.olderGifts} />
        <RecurringCard rows={props.recurring} />
        <SettingsCard values={profile.settings} timezones={timezones} form={settingsForm} />
      </div>
      <div className="mt-6 grid gap-6">
        <LinkRecordsCard email={basic.email} records={linkable} />
        <SecurityCard
          key={locationKey}
          email={basic.email}
          emailVerified={emailVerified}
          pendingEmail={pendingEmail}
          sessions={sessions}
        />
        <TwoFactorCard key={`2fa-${locationKey}`} state={twoFactor} />
        <PasskeysCard key={`passkeys-${locationKey}`} passkeys={passkeys} staff={twoFactor.staff} />
        <YourDataCard form={deleteForm} />
      </div>
    </>
  );
}
