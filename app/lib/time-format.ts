/** Seconds as m:ss (SPEC.md: the audio player's elapsed and total). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** The hour (0-23) at `date` in an IANA time zone. */
export function hourIn(timeZone: string, date = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(date);
  return Number(hour) % 24;
}

/** SPEC.md "Dashboard": Good Morning before 12:00, Good Afternoon before 17:00, otherwise Good Evening. */
export function greetingFor(hour: number): string {
  if (hour < 12) return "Good Morning";
  if (hour < 17) return "Good Afternoon";
  return "Good Evening";
}

/** A date and time as the member reads it, in their zone, with the zone named. */
export function formatDateTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(date));
}

/** A calendar date as the member reads it, in their zone ("November 22, 2026"). */
export function formatDate(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }).format(
    new Date(date),
  );
}
