import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { formatWeekday, hourIn } from "~/lib/dates";
import type { Db } from "../../../db/client";
import { profiles, users } from "../accounts/schema";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { journalEntries } from "./schema";

const WEEK_MS = 7 * 24 * 3_600_000;
/** Not reminded in the last half week: one reminder per weekend, whatever the clocks do. */
const notRemindedSince = (now: Date) =>
  or(isNull(profiles.journalRemindedAt), lt(profiles.journalRemindedAt, new Date(now.getTime() - WEEK_MS / 2)));
/** Sunday evening in the member's own zone: the week's end, a quiet hour to write. */
const REMINDER_WEEKDAY = "Sun";
const REMINDER_FROM_HOUR = 17;

/** Whether `now` is Sunday evening (from 17:00) where the member lives. */
export function isReminderHour(now: Date, timezone: string): boolean {
  return formatWeekday(now, timezone) === REMINDER_WEEKDAY && hourIn(timezone, now) >= REMINDER_FROM_HOUR;
}

/**
 * The weekly journal reminder (the member's "Journal reminders" setting, on by default): on Sunday
 * evening in the member's time zone, to members with a proven address who have not written in
 * the last seven days. Each member is claimed with one UPDATE, so several instances never send
 * twice in a week; the mail says nothing of what they wrote.
 */
export async function sendJournalReminders(db: Db, siteUrl: string, now = new Date()): Promise<number> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  // Members who never opened Settings have the defaults: give them a row to hold the claim.
  await db.execute(sql`
    insert into profiles (user_id)
    select u.id from users u
    where u.role = 'member' and u.email_verified and not exists (select 1 from profiles p where p.user_id = u.id)
    on conflict do nothing`);
  const candidates = await db
    .select({ userId: profiles.userId, timezone: profiles.timezone })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.journalReminders, true),
        eq(users.role, "member"),
        eq(users.emailVerified, true),
        or(isNull(users.banned), ne(users.banned, true)),
        notRemindedSince(now),
        sql`not exists (select 1 from ${journalEntries} j where j.user_id = ${profiles}.user_id and j.created_at >= ${weekAgo})`,
      ),
    );
  let sent = 0;
  for (const candidate of candidates) {
    if (!isReminderHour(now, candidate.timezone)) continue;
    sent += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(profiles)
        .set({ journalRemindedAt: now })
        .where(and(eq(profiles.userId, candidate.userId), notRemindedSince(now)))
        .returning({ userId: profiles.userId });
      if (!claimed) return 0;
      const [member] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, candidate.userId));
      if (!member) return 0;
      await enqueue(tx, {
        kind: "journal.reminder",
        to: member.email,
        subject: "A quiet moment for your journal",
        ...renderMail({
          heading: `A quiet moment for your journal, ${member.name}`,
          paragraphs: [
            "You have not written in your journal this week. There is no need to: this is only a gentle reminder that the page is there when you want it.",
            "Even a line helps integration settle: one thing you noticed, one thing you are grateful for.",
          ],
          action: { label: "Open my journal", url: `${siteUrl}/journals` },
          footer: "You can turn these reminders off under Settings on your profile.",
        }),
      });
      return 1;
    });
  }
  return sent;
}
