import { zonedInstant } from "~/lib/dates";
import type { CircleInput } from "./circles.server";
import type { CircleForm } from "./validation";

/** The keepers' form as a circle: its time read in the keeper's zone; null when that time is not ahead. */
export function circleInput(form: CircleForm, zone: string, now = new Date()): CircleInput | null {
  const startsAt = zonedInstant(form.day, form.time, zone);
  if (startsAt <= now) return null;
  return {
    title: form.title,
    description: form.description,
    startsAt,
    minutes: Number(form.minutes),
    capacity: Number(form.capacity),
    videoUrl: form.videoUrl,
  };
}
