import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { checklistTicks, meditationSits } from "./schema";

export async function checkedItems(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: checklistTicks.itemId })
    .from(checklistTicks)
    .where(eq(checklistTicks.userId, userId));
  return rows.map((r) => r.itemId);
}

export async function setChecked(db: Db, userId: string, itemId: string, checked: boolean) {
  if (checked) {
    await db.insert(checklistTicks).values({ userId, itemId }).onConflictDoNothing();
  } else {
    await db.delete(checklistTicks).where(and(eq(checklistTicks.userId, userId), eq(checklistTicks.itemId, itemId)));
  }
}

/** "Reset for my next ceremony". */
export async function resetChecklist(db: Db, userId: string) {
  await db.delete(checklistTicks).where(eq(checklistTicks.userId, userId));
}

export async function recordSit(db: Db, userId: string, meditationId: string, seconds: number) {
  await db.insert(meditationSits).values({ userId, meditationId, seconds });
}

/** How many times the member sat each meditation, and the last sits. */
export async function sitSummary(db: Db, userId: string) {
  const counts = await db
    .select({ meditationId: meditationSits.meditationId, sits: count() })
    .from(meditationSits)
    .where(eq(meditationSits.userId, userId))
    .groupBy(meditationSits.meditationId);
  const recent = await db
    .select({ meditationId: meditationSits.meditationId, completedAt: meditationSits.completedAt })
    .from(meditationSits)
    .where(eq(meditationSits.userId, userId))
    .orderBy(desc(meditationSits.completedAt))
    .limit(5);
  return { counts: Object.fromEntries(counts.map((c) => [c.meditationId, c.sits])), recent };
}
