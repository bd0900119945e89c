import type { Env } from "../../env.server";
import type { FeeRate } from "./fee";

/** The settings' "cover the fee" rate (README "Environment"; the browser gets it from publicEnv). */
export const feeRate = (env: Env): FeeRate => ({ percent: env.GIFT_FEE_PERCENT, fixedCents: env.GIFT_FEE_FIXED_CENTS });
