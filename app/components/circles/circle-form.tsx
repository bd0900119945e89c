import { Form } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/field";
import type { useForm } from "~/forms/use-form";

/** What the form starts with: a circle's current details, or nothing for a new one. */
export interface CircleFields {
  title: string;
  description: string;
  day: string;
  time: string;
  minutes: string;
  capacity: string;
  videoUrl: string;
}

/**
 * The keepers' form for a circle (schedule one, or change one), a plain post that works without
 * JavaScript. The time is the keeper's own zone's, said beside it.
 */
export function CircleForm({
  form,
  intent,
  values,
  zone,
  submit,
}: {
  form: ReturnType<typeof useForm>;
  intent: string;
  values?: CircleFields;
  zone: string;
  submit: string;
}) {
  const field = (name: keyof CircleFields) => {
    const f = form.field(name);
    return { ...f, defaultValue: f.defaultValue ?? values?.[name] };
  };
  return (
    <Form method="post" className="card grid max-w-3xl gap-4" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value={intent} />
      <TextField {...field("title")} label="Title" maxLength={120} required />
      <TextAreaField
        {...field("description")}
        label="Description"
        hint="What the circle is for and who it welcomes. Members read it on their calendar."
        maxLength={2000}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("day")} label="Date" type="date" required />
        <TextField {...field("time")} label="Time" type="time" hint={`Your time zone: ${zone}.`} required />
        <TextField {...field("minutes")} label="Length in minutes" type="number" min={15} max={240} required />
        <TextField
          {...field("capacity")}
          label="Places"
          type="number"
          min={1}
          max={200}
          hint="When it is full, members join a waitlist that moves up."
          required
        />
      </div>
      <TextField
        {...field("videoUrl")}
        label="Video link"
        type="url"
        hint="Shown only to members with a place, on the circle's page; never in an email."
        maxLength={500}
        required
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Saving..." : submit}
      </button>
    </Form>
  );
}
