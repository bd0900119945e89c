import { desc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS } from "../audit/actions";
import { recordAudit } from "../audit/audit.server";
import { auditLog } from "../audit/schema";

const SETTING_ACTIONS = [AUDIT_ACTIONS.ceremoniesOpened, AUDIT_ACTIONS.ceremoniesPaused];

/**
 * The CEREMONIES setting is changed by an operator (the environment), not in the console, so each
 * start compares it with the last one the audit log holds and records a change there (who: the
 * operator, no account). A first start that finds it paused records nothing: paused is where every
 * congregation begins. Two instances starting together record one change (an advisory lock).
 */
export async function recordCeremoniesSetting(db: Db, value: "paused" | "open"): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ceremonies-setting'))`);
    const [last] = await tx
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.action, SETTING_ACTIONS))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    const was = last?.action === AUDIT_ACTIONS.ceremoniesOpened ? "open" : "paused";
    if (was === value) return false;
    await recordAudit(tx, {
      action: value === "open" ? AUDIT_ACTIONS.ceremoniesOpened : AUDIT_ACTIONS.ceremoniesPaused,
      actor: null,
      detail: { setting: "CEREMONIES", from: was, to: value },
    });
    return true;
  });
}
