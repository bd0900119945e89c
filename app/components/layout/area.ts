import { useMatches } from "react-router";

/** A private area: its name, and the way back to its start. */
export interface Area {
  area: string;
  home: { to: string; label: string };
}

/** The innermost matched area that names itself in its layout's `handle` (`{ area }`). */
export function useArea(): Area | undefined {
  return useMatches()
    .map((match) => (match.handle as { area?: Area } | undefined)?.area)
    .findLast((area) => area !== undefined);
}
