import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { listEntries } from "../journal/journal.server";
import { listSessions } from "./sessions.server";

const GENERAL = [
  "What has changed in how you meet an ordinary morning since your last ceremony?",
  "Which insight are you most at risk of forgetting? Write it down in plain words.",
  "Who could you share one part of your experience with, and what would you say?",
  "What does your body know now that your mind is still catching up with?",
];

/**
 * "AI-Enhanced" reflection prompts, drawn by rules from the member's own recent sessions and
 * journal (no outside service, nothing leaves the server).
 */
export async function reflectionPrompts(db: Db, env: Env, userId: string): Promise<string[]> {
  const [sessions, journal] = await Promise.all([
    listSessions(db, env, userId, "", 10),
    listEntries(db, env, userId, {}),
  ]);
  const prompts: string[] = [];
  const tagCounts = new Map<string, number>();
  for (const s of sessions) for (const t of s.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  const [topTag, times] = [...tagCounts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (topTag && times && times > 1) {
    prompts.push(`"${topTag}" runs through ${times} of your recent sessions. What is it asking of you this week?`);
  }
  const goal = sessions.find((s) => s.integrationGoals)?.integrationGoals;
  if (goal) {
    prompts.push(
      `You set yourself this goal: "${goal.slice(0, 140)}". What has helped, and what has stood in the way?`,
    );
  }
  const latest = sessions[0];
  if (latest) prompts.push(`Return to "${latest.title}". Reading it now, what would you add or change?`);
  const emotionCounts = new Map<string, number>();
  for (const e of journal.items)
    for (const emotion of e.emotions) emotionCounts.set(emotion, (emotionCounts.get(emotion) ?? 0) + 1);
  const [topEmotion] = [...emotionCounts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (topEmotion)
    prompts.push(`Your journal often names ${topEmotion}. Where did you meet ${topEmotion.toLowerCase()} today?`);
  for (const p of GENERAL) if (prompts.length < 4) prompts.push(p);
  return prompts;
}
