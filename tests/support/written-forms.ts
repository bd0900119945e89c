import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/*
 * The forms of the site that take more than a line of text, as a browser test walks them when a
 * save fails (tests/e2e/forms-kept-on-failure.test.ts, issue 45): what is typed where, the button,
 * the notice the failure must show, and the check that everything written is still there.
 */

/** Distinctive words in each field: Polish and Chinese, two lines where the field takes them. */
export const words = (where: string) =>
  `Zażółć gęślą jaźń, ${where}. 心如止水，靜觀其變。\nŁódź o świcie: 山高水長 ${where}.`;
export const line = (where: string) => `Źdźbło ${where} 月光`;

/** A form as the test walks it: whose page, what to type where, its button and the notice it must show. */
export interface Walk {
  name: string;
  as: "member" | "keeper";
  path: string;
  /** Each field, and what is typed into it. */
  fields: (page: Page) => Array<[Locator, string]>;
  /** Choices made besides the text (ticked boxes, chosen answers), checked again after the failure. */
  choose?: (page: Page) => Promise<Locator[]>;
  submit: (page: Page) => Locator;
  notice: string | RegExp;
}

const WHO5 = [
  "I have felt cheerful and in good spirits",
  "I have felt calm and relaxed",
  "I have felt active and vigorous",
  "I woke up feeling fresh and rested",
  "My daily life has been filled with things that interest me",
];

export const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Every such form, on the records given (an entry to edit, a conversation, an open check-in). */
export function writtenForms(ids: { entryId: string; shareId: number; followUpId: number }): Walk[] {
  return [
    journalWalk(),
    journalEditWalk(ids.entryId),
    {
      name: "an integration session record",
      as: "member",
      path: "/integration",
      fields: (page) => [
        [byLabel(page, "Session title"), line("sesja")],
        [byLabel(page, "Reflection"), words("session reflection")],
        [byLabel(page, "Insights"), words("session insights")],
        [byLabel(page, "Integration goals"), words("session goals")],
      ],
      submit: (page) => page.getByRole("button", { name: "Save Session" }),
      notice: "Failed to save your session. Please try again.",
    },
    {
      name: "a share with the facilitator",
      as: "member",
      path: "/integration?mode=facilitated",
      fields: (page) => [[byLabel(page, "What would you like to share?"), words("share")]],
      submit: (page) => page.getByRole("button", { name: "Share with Facilitator" }),
      notice: "Failed to share with facilitator. Please try again.",
    },
    {
      name: "the member's message in a conversation",
      as: "member",
      path: `/integration/shares/${ids.shareId}`,
      fields: (page) => [[byLabel(page, "Write to the keepers"), words("member's message")]],
      submit: (page) => page.getByRole("button", { name: "Send Message" }),
      notice: "Your message could not be sent. Please try again.",
    },
    followUpWalk(ids.followUpId),
    {
      name: "the keeper's reply",
      as: "keeper",
      path: `/console/shares/${ids.shareId}`,
      fields: (page) => [[byLabel(page, "Your message"), words("keeper's reply")]],
      submit: (page) => page.getByRole("button", { name: "Send Reply" }),
      notice: "The change may not have been saved.",
    },
    contactWalk(),
    applicationWalk(),
  ];
}

export function journalWalk(): Walk {
  return {
    name: "a new journal entry",
    as: "member",
    path: "/journals",
    fields: (page) => [
      [byLabel(page, "Title"), line("nowy wpis")],
      [byLabel(page, "Your reflection"), words("journal entry")],
    ],
    choose: async (page) => {
      const box = page.getByRole("group", { name: "Emotions" }).getByLabel("Peace");
      await box.check({ force: true });
      return [box];
    },
    submit: (page) => page.getByRole("button", { name: "Save Sacred Entry" }),
    notice: "Your entry could not be saved just now.",
  };
}

export function journalEditWalk(entryId: string): Walk {
  return {
    name: "an edited journal entry",
    as: "member",
    path: `/journals/${entryId}?edit=1`,
    fields: (page) => [
      [byLabel(page, "Title"), line("edycja")],
      [byLabel(page, "Your reflection"), words("edited entry")],
    ],
    submit: (page) => page.getByRole("button", { name: "Save Changes" }),
    notice: "Your entry could not be saved just now.",
  };
}

export function followUpWalk(id: number): Walk {
  return {
    name: "a follow-up's note",
    as: "member",
    path: `/follow-ups/${id}`,
    fields: (page) => [[page.getByRole("textbox"), words("follow-up note")]],
    choose: async (page) => {
      const chosen: Locator[] = [];
      for (const statement of WHO5) {
        const radio = page.getByRole("group", { name: statement }).getByLabel("Most of the time");
        await radio.check({ force: true });
        chosen.push(radio);
      }
      return chosen;
    },
    submit: (page) => page.getByRole("button", { name: "Save My Check-in" }),
    notice: "Your answers could not be saved. Please try again.",
  };
}

export function contactWalk(): Walk {
  return {
    name: "a contact message",
    as: "member",
    path: "/contact",
    fields: (page) => [
      [byLabel(page, "Full name"), "Łucja Żółć"],
      [byLabel(page, "Email"), "lucja@example.org"],
      [byLabel(page, "Message"), words("contact")],
    ],
    submit: (page) => page.getByRole("button", { name: "Send Message" }),
    notice: "There was an error sending your message. Please try again.",
  };
}

function applicationWalk(): Walk {
  return {
    name: "a ceremony application",
    as: "member",
    path: "/heroic-application",
    fields: (page) => [
      [byLabel(page, "Full name"), "Łucja Żółć"],
      [byLabel(page, "Age"), "34"],
      [byLabel(page, "City"), "Łódź"],
      [page.getByRole("textbox", { name: "Email" }), "lucja@example.org"],
      [byLabel(page, "Mental health history"), words("mental health")],
      [byLabel(page, "Current medications and health conditions"), words("medications")],
      [byLabel(page, "Prior experience"), words("prior experience")],
      [byLabel(page, "Your intentions"), words("intentions")],
      [byLabel(page, "Name"), "Jan Kowalski"],
      [page.getByRole("textbox", { name: "Phone", exact: true }), "+48 600 100 200"],
    ],
    choose: async (page) => {
      const box = page.locator("#agreement");
      await box.check();
      return [box];
    },
    submit: (page) => page.getByRole("button", { name: "Submit Application" }),
    notice: "Your application could not be saved. Please try again.",
  };
}

/** Types every field of `walk`, makes its choices and sends it; returns what must still be there. */
export async function fillAndSend(page: Page, walk: Walk) {
  const fields = walk.fields(page);
  for (const [field, text] of fields) await field.fill(text);
  const chosen = (await walk.choose?.(page)) ?? [];
  await walk.submit(page).click();
  return { fields, chosen };
}

/** The running app has nothing on its way: no navigation, reload or fetcher (the answer and all it set off are in). */
const routerSettled = () => {
  const router = (
    window as unknown as {
      __reactRouterDataRouter: {
        state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
      };
    }
  ).__reactRouterDataRouter;
  const { navigation, revalidation, fetchers } = router.state;
  return (
    navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle")
  );
};

/**
 * The notice shows, and once the app has settled (a reload or a reset after the answer would have
 * run by then) every field still holds exactly what was typed, and every choice is still made.
 */
export async function expectKept(page: Page, walk: Walk, kept: Awaited<ReturnType<typeof fillAndSend>>) {
  await expect
    .poll(() => page.getByText(walk.notice).first().isVisible(), {
      message: `${walk.name}: its notice`,
      timeout: 15_000,
    })
    .toBe(true);
  await page.waitForFunction(routerSettled, null, { timeout: 15_000 });
  for (const [field, text] of kept.fields) {
    const value = await field.inputValue({ timeout: 2000 }).catch(() => "(the field is gone)");
    expect.soft(value, `${walk.name}: what was typed`).toBe(text);
  }
  for (const box of kept.chosen) {
    const checked = await box.isChecked({ timeout: 2000 }).catch(() => "(the box is gone)");
    expect.soft(checked, `${walk.name}: what was chosen`).toBe(true);
  }
}
