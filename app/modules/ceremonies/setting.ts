/** Whether ceremonies are offered to members (the CEREMONIES setting, docs/settings.md). */
export const ceremoniesOpen = (env: { CEREMONIES: "paused" | "open" }) => env.CEREMONIES === "open";
