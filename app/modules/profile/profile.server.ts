import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { profiles, users } from "../accounts/schema";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { medicalRecords } from "./schema";
import type { MedicalRecord, SettingKey } from "./validation";

const EMPTY_RECORD: MedicalRecord = {
  mentalHealthHistory: "",
  currentMedications: "",
  allergies: "",
  medicalConditions: "",
};
/** The AAD of a member's sealed record: it opens only on that member's row. */
const recordContext = (userId: string) => `medical-record:${userId}`;

async function profileRow(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (row) return row;
  const [created] = await db.insert(profiles).values({ userId }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
}

let zones: string | null = null;

/** Every time zone this server knows, one per line: the choices of /profile's settings form. */
export function knownTimeZones(): string {
  zones ??= Intl.supportedValuesOf("timeZone").join("\n");
  return zones;
}

/** The member's own view of everything on /profile. */
export async function memberProfile(db: Db, env: Env, userId: string) {
  // One read for the account, its profile and its sealed medical record.
  const [found] = await db
    .select({
      user: { name: users.name, email: users.email, username: users.username },
      profile: profiles,
      medical: medicalRecords,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(medicalRecords, eq(medicalRecords.userId, users.id))
    .where(eq(users.id, userId));
  if (!found) throw new Error("member not found");
  const { user, medical } = found;
  const row = found.profile ?? (await profileRow(db, userId));
  if (!row) throw new Error("profile not created");
  return {
    basic: {
      fullName: user.name,
      email: user.email,
      username: user.username ?? "",
      phone: row.phone,
      age: row.age === null ? "" : String(row.age),
      city: row.city,
      emergencyContact: row.emergencyContact,
      emergencyPhone: row.emergencyPhone,
    },
    medical: {
      ...(medical
        ? openJson<MedicalRecord>(keyringFor(env.DATA_ENCRYPTION_KEY), medical.sealed, recordContext(userId))
        : EMPTY_RECORD),
      isPrivate: medical?.isPrivate ?? true,
    },
    clothing: {
      shirtSize: row.shirtSize,
      pantSize: row.pantSize,
      shoeSize: row.shoeSize,
      specialRequests: row.specialRequests,
    },
    dietary: {
      dietaryRestrictions: row.dietaryRestrictions,
      dietaryPreferences: row.dietaryPreferences,
      dietaryAllergies: row.dietaryAllergies,
    },
    settings: {
      emailNotifications: row.emailNotifications,
      sessionReminders: row.sessionReminders,
      integrationPrompts: row.integrationPrompts,
      followUps: row.followUps,
      journalReminders: row.journalReminders,
      timezone: row.timezone,
    } satisfies Record<SettingKey, boolean> & { timezone: string },
  };
}

type ProfileFields = Partial<Omit<typeof profiles.$inferInsert, "userId" | "updatedAt">>;

export async function updateProfile(db: Db, userId: string, fields: ProfileFields) {
  await profileRow(db, userId);
  await db
    .update(profiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

export async function updateBasicProfile(
  db: Db,
  userId: string,
  input: {
    fullName: string;
    phone: string;
    age: string;
    city: string;
    emergencyContact: string;
    emergencyPhone: string;
  },
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.fullName, updatedAt: new Date() }).where(eq(users.id, userId));
    await updateProfile(tx, userId, {
      phone: input.phone,
      age: input.age === "" ? null : Number(input.age),
      city: input.city,
      emergencyContact: input.emergencyContact,
      emergencyPhone: input.emergencyPhone,
    });
  });
}

/** Seals the record with the current key; the privacy switch is stored beside it in the clear. */
export async function saveMedicalRecord(db: Db, env: Env, userId: string, record: MedicalRecord, isPrivate: boolean) {
  const sealed = sealJson(keyringFor(env.DATA_ENCRYPTION_KEY), record, recordContext(userId));
  await db
    .insert(medicalRecords)
    .values({ userId, sealed, isPrivate })
    .onConflictDoUpdate({ target: medicalRecords.userId, set: { sealed, isPrivate, updatedAt: new Date() } });
}

export type StaffMedicalView = { state: "none" } | { state: "private" } | { state: "shared"; record: MedicalRecord };

/**
 * The staff projection of a member's medical record. While private nothing is decrypted;
 * when shared, every read is written to the audit log the member sees.
 */
export async function readMedicalRecordAsStaff(
  db: Db,
  env: Env,
  staff: { id: string; name: string },
  memberId: string,
  ip: string,
): Promise<StaffMedicalView> {
  const [row] = await db.select().from(medicalRecords).where(eq(medicalRecords.userId, memberId));
  if (!row) return { state: "none" };
  if (row.isPrivate) return { state: "private" };
  await recordAudit(db, { action: AUDIT_ACTIONS.medicalRecordRead, actor: staff, subjectUserId: memberId, ip });
  return {
    state: "shared",
    record: openJson(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, recordContext(memberId)),
  };
}
