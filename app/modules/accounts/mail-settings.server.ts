import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { profiles } from "./schema";

/** The settings that decide whether a mail is sent; a member who never opened Settings has the defaults. */
const MAIL_SETTINGS = {
  emailNotifications: profiles.emailNotifications,
  sessionReminders: profiles.sessionReminders,
  journalReminders: profiles.journalReminders,
  integrationPrompts: profiles.integrationPrompts,
  followUps: profiles.followUps,
} as const;
const MAIL_DEFAULTS = {
  emailNotifications: true,
  sessionReminders: true,
  journalReminders: true,
  integrationPrompts: false,
  followUps: true,
};

/** Whether the member's own setting allows this kind of mail (the spec's member settings). */
export async function wantsMail(db: Db, userId: string, setting: keyof typeof MAIL_SETTINGS): Promise<boolean> {
  const [row] = await db.select({ on: MAIL_SETTINGS[setting] }).from(profiles).where(eq(profiles.userId, userId));
  return row ? row.on : MAIL_DEFAULTS[setting];
}
