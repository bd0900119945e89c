/**
 * Guided meditations (SPEC.md "Meditations"): three sections; durations of 10-20 minutes, one
 * flexible. Each practice is a timer with spoken-style text cues at fractions of the sit, and a
 * bell at start and end. `audioSrc` is played instead when a recording exists at that path.
 */
export interface Meditation {
  id: string;
  title: string;
  description: string;
  /** Minutes, or null for the flexible practice (the member chooses). */
  minutes: number | null;
  audioSrc: string;
  /** [fraction of the sit at which the cue appears, cue text] */
  cues: ReadonlyArray<readonly [number, string]>;
}

export const MEDITATION_SECTIONS: ReadonlyArray<{
  id: string;
  title: string;
  intro: string;
  items: ReadonlyArray<Meditation>;
}> = [
  {
    id: "pre-session",
    title: "Pre-Session Preparation",
    intro: "For the days and hours before a ceremony or a preparation session.",
    items: [
      {
        id: "settling-intention",
        title: "Settling Into Intention",
        description: "Arrive in the body, then let your intention rise, be spoken inwardly, and be set down again.",
        minutes: 15,
        audioSrc: "/meditations/settling-intention.mp3",
        cues: [
          [0, "Sit comfortably. Let your eyes close or rest on the floor ahead of you."],
          [0.1, "Feel where your body meets the ground. Let it carry your weight."],
          [0.25, "Breathe in for four counts, out for six. Let the out-breath be unhurried."],
          [0.45, "Bring your intention to mind. Say it inwardly, once, in plain words."],
          [0.6, "Notice what the words stir: a feeling, an image, a place in the body. Simply notice."],
          [0.8, "Now set the intention down, as you would set down a cup. It will be there when you need it."],
          [0.95, "Return to the breath. When the bell sounds, open your eyes slowly."],
        ],
      },
      {
        id: "calming-breath",
        title: "Calming the Nervous System",
        description: "A slow breathing practice for anticipation and nerves: a longer out-breath to settle the body.",
        minutes: 10,
        audioSrc: "/meditations/calming-breath.mp3",
        cues: [
          [0, "Place one hand on your chest and one on your belly."],
          [0.1, "Breathe in through the nose for four counts, letting the belly rise."],
          [0.2, "Breathe out through the mouth for six counts, as if through a straw."],
          [0.4, "If your mind runs ahead to the ceremony, note it kindly: 'planning'. Return to counting."],
          [0.65, "Let the counting go. Keep the long, soft out-breath on its own."],
          [0.9, "Feel the ease you have made. It is always this close."],
        ],
      },
      {
        id: "meeting-fear",
        title: "Meeting Fear with Kindness",
        description: "Practise turning towards a difficult feeling instead of away, the skill most needed in ceremony.",
        minutes: 20,
        audioSrc: "/meditations/meeting-fear.mp3",
        cues: [
          [0, "Settle into a steady posture. Take three slow breaths."],
          [0.1, "Recall a mild worry, not the heaviest one. Let it come into view."],
          [0.25, "Where do you feel it in the body? Tightness, heat, a fluttering? Find the place."],
          [0.4, "Breathe towards that place. You are not trying to make it leave."],
          [0.55, "Silently say: 'It is all right to feel this.' Stay with it a little longer."],
          [0.7, "Notice whether it has changed: softened, moved, or stayed. Each is fine."],
          [0.85, "Widen your attention to the whole body and the room around you."],
          [0.95, "Thank yourself for staying. This is how you will meet what comes."],
        ],
      },
    ],
  },
  {
    id: "post-session",
    title: "Post-Session Integration",
    intro: "For the days and weeks after, when insight needs time to settle into life.",
    items: [
      {
        id: "body-scan-return",
        title: "Returning to the Body",
        description:
          "A gentle body scan for the tender days after a ceremony, from the crown to the soles of the feet.",
        minutes: 15,
        audioSrc: "/meditations/body-scan-return.mp3",
        cues: [
          [0, "Lie down or sit well supported. Let the breath be as it is."],
          [0.1, "Bring attention to the top of the head, the forehead, the jaw. Let them soften."],
          [0.25, "The neck and shoulders. The arms, down to the fingertips."],
          [0.4, "The chest and the heart. Notice anything that remains from the ceremony, and let it be."],
          [0.55, "The belly, the lower back, the hips."],
          [0.7, "The legs, the knees, the feet. Feel the ground holding you."],
          [0.85, "Feel the whole body at once, breathing."],
          [0.95, "You are here, in this body, in this day. That is enough."],
        ],
      },
      {
        id: "gratitude-integration",
        title: "Gratitude and Integration",
        description: "Gather what you received and choose one small way to carry it into ordinary days.",
        minutes: 12,
        audioSrc: "/meditations/gratitude-integration.mp3",
        cues: [
          [0, "Sit with a straight, relaxed back. Breathe slowly."],
          [0.15, "Recall one moment from your experience that you are grateful for."],
          [0.35, "Let the gratitude spread: to yourself, to those who held the space, to life."],
          [0.55, "Ask: what is one small thing I can do this week to honour what I learned?"],
          [0.75, "Picture yourself doing it, in a real place, on a real day."],
          [0.92, "When the bell sounds, write it down in your journal."],
        ],
      },
    ],
  },
  {
    id: "daily",
    title: "Daily Sacred Practices",
    intro: "Short, steady practice for any day: the ground everything else stands on.",
    items: [
      {
        id: "morning-stillness",
        title: "Morning Stillness",
        description: "Begin the day in quiet attention to the breath before the world begins asking things of you.",
        minutes: 10,
        audioSrc: "/meditations/morning-stillness.mp3",
        cues: [
          [0, "Sit up. Let the eyes close. Feel the morning air."],
          [0.15, "Follow the breath at the nostrils: cool in, warm out."],
          [0.4, "When the mind drifts to the day ahead, return to the breath without judgement."],
          [0.7, "Rest in simply being awake."],
          [0.9, "Set one quality for today: patience, curiosity, kindness. Take it with you."],
        ],
      },
      {
        id: "open-sitting",
        title: "Open Sitting",
        description:
          "Unguided silence for as long as you choose, with a bell to begin and end and a few quiet reminders.",
        minutes: null,
        audioSrc: "/meditations/open-sitting.mp3",
        cues: [
          [0, "Settle. There is nothing to do but be here."],
          [0.5, "Halfway. If you have wandered, simply begin again."],
          [0.9, "A few more breaths in the silence."],
        ],
      },
    ],
  },
];

export const allMeditations = () => MEDITATION_SECTIONS.flatMap((s) => s.items);
export const findMeditation = (id: string) => allMeditations().find((m) => m.id === id) ?? null;
/** The flexible practice's choices, in minutes. */
export const FLEXIBLE_MINUTES = [5, 10, 15, 20, 30, 45] as const;
