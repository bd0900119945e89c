import { HeartPulse, Lock } from "lucide-react";
import { EditableCard } from "./editable-card";
import type { ProfileForm } from "./profile-form";

interface MedicalRecord {
  mentalHealthHistory: string;
  currentMedications: string;
  allergies: string;
  medicalConditions: string;
  isPrivate: boolean;
}

/**
 * SPEC.md's medical record: four notes and the privacy switch, stored encrypted; below it, each
 * time a Temple Keeper read it (audited), so sharing is never silent.
 */
export function MedicalCard(props: {
  medical: MedicalRecord;
  reads: ReadonlyArray<{ id: number; by: string; at: string }>;
  form: ProfileForm;
  editing: boolean;
}) {
  const { form } = props;
  return (
    <EditableCard
      id="medical"
      title="Medical Records"
      icon={<HeartPulse aria-hidden className="text-gold" />}
      editing={props.editing || form.failed}
      form={form}
      fields={[
        {
          name: "mentalHealthHistory",
          label: "Mental health history",
          value: props.medical.mentalHealthHistory,
          multiline: true,
          maxLength: 2000,
        },
        {
          name: "currentMedications",
          label: "Current medications",
          value: props.medical.currentMedications,
          multiline: true,
          maxLength: 2000,
        },
        {
          name: "allergies",
          label: "Allergies",
          value: props.medical.allergies,
          multiline: true,
          maxLength: 2000,
        },
        {
          name: "medicalConditions",
          label: "Medical conditions",
          value: props.medical.medicalConditions,
          multiline: true,
          maxLength: 2000,
        },
      ]}
      extra={
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="isPrivate"
            defaultChecked={form.failed ? form.wasChecked("isPrivate") : props.medical.isPrivate}
            className="mt-1 h-5 w-5 accent-violet-500"
          />
          <span>
            Keep my medical record private
            <span className="block text-sm text-mist-muted">
              While private, no one but you can read it. Untick to let your Temple Keepers read it before a ceremony;
              each time one does, you will see it below.
            </span>
          </span>
        </label>
      }
      footer={
        <div className="mt-5 border-t border-violet-300/15 pt-4 text-sm">
          <p className="flex items-center gap-2">
            <Lock aria-hidden size={16} className="text-gold" />
            {props.medical.isPrivate
              ? "Private: only you can read this record. It is stored encrypted."
              : "Shared with your Temple Keepers. It is stored encrypted, and every read is logged."}
          </p>
          <h3 className="mt-4 font-semibold">Who has read your record</h3>
          {props.reads.length === 0 ? (
            <p className="mt-1 text-mist-muted">No one has read it.</p>
          ) : (
            <ul className="mt-1 grid gap-1 text-mist-muted">
              {props.reads.map((read) => (
                <li key={read.id}>{`${read.by}, ${read.at}`}</li>
              ))}
            </ul>
          )}
        </div>
      }
    />
  );
}
