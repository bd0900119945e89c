import { Settings } from "lucide-react";
import { SETTINGS, type SettingKey } from "~/modules/profile/validation";
import { type ProfileForm, ProfileFormShell } from "./profile-form";
import { timeZoneOptions } from "./time-zone-options";

/** SPEC.md's seven settings: six switches and the time zone that drives times everywhere. */
export function SettingsCard(props: {
  values: Record<SettingKey, boolean> & { timezone: string };
  /** The zones the server knows, one per line. */
  timezones: string;
  form: ProfileForm;
}) {
  const { form } = props;
  const saving = form.pending;
  // After an error, the switches and zone as they were sent; otherwise as stored.
  const checked = (key: SettingKey) => (form.failed ? form.wasChecked(key) : props.values[key]);
  const timezone = form.field("timezone");
  return (
    <section id="settings" aria-labelledby="settings-title" className="card scroll-mt-24">
      <h2 id="settings-title" className="mb-5 flex items-center gap-3 font-serif text-2xl font-semibold">
        <Settings aria-hidden className="text-gold" />
        General Settings
      </h2>
      <ProfileFormShell form={form} intent="settings" className="grid gap-4">
        {SETTINGS.map((setting) => (
          <label key={setting.key} className="flex items-start justify-between gap-4">
            <span>
              <span className="block font-medium">{setting.label}</span>
              <span className="block text-sm text-mist-muted">{setting.hint}</span>
            </span>
            <input
              type="checkbox"
              name={setting.key}
              defaultChecked={checked(setting.key)}
              {...form.control(setting.key)}
              className="mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-night-700 ring-1 ring-violet-300/40 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-mist before:transition checked:bg-violet-500 checked:before:translate-x-5"
            />
          </label>
        ))}
        <div>
          <label htmlFor="timezone" className="mb-1 block font-medium">
            Time zone
          </label>
          <select
            id="timezone"
            name="timezone"
            {...form.control("timezone")}
            className="field"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: zone names from Intl, escaped (time-zone-options.ts).
            dangerouslySetInnerHTML={{
              __html: timeZoneOptions(props.timezones, timezone.defaultValue ?? props.values.timezone),
            }}
          />
          <p className="mt-1 text-sm text-mist-muted">Greetings, sessions and dates are shown in this zone.</p>
        </div>
        <button type="submit" className="btn-gold justify-self-start" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </ProfileFormShell>
    </section>
  );
}
