/**
 * What a console page says after a change (`?done=` without JavaScript, a toast with it). SPEC.md
 * describes no console, so these are the console's own words, one per outcome.
 */
export const CONSOLE_MESSAGES = {
  done: {
    request: { approved: "Request approved", declined: "Request declined" },
    followUps: { done: "Marked done" },
    ceremony: {
      scheduled: "Ceremony day scheduled",
      invited: "Invited: they see it on their ceremony page while ceremonies are open",
      prepared: "Preparation session scheduled",
      held: "Preparation session marked held",
      settled: "Flag settled",
      confirmed: "Place confirmed: the participant was told",
      reminded: "Reminders sent to those whose packet is not complete",
      recorded: "The day's record is saved",
      reported: "The reaction is reported",
      corrected: "The report is corrected",
    },
    circle: {
      scheduled: "Circle scheduled",
      changed: "Circle changed: everyone with a place was sent the update",
      cancelled: "Circle cancelled: everyone signed up was told",
    },
    share: {
      replied: "Message sent",
      take: "The conversation is yours",
      release: "Handed back: the member's messages go to the shared address again",
      close: "The conversation is closed",
      reopen: "The conversation is open again",
    },
    inbox: { replied: "Reply sent", handled: "Marked handled", waiting: "Marked waiting again" },
    newsletter: { saved: "Draft saved", tested: "Test queued to your address", sent: "Issue sent" },
    outbox: { resent: "Email queued to send again" },
    member: {
      role: "Role changed",
      disabled: "Account disabled",
      enabled: "Account enabled",
      "two-factor-reset": "Two-factor reset: their sessions ended and they were told by email",
    },
    giving: { refunded: "Gift refunded", recorded: "Gift recorded" },
    application: {
      note: "Note added",
      new: "Application reopened",
      "in-review": "Review started",
      approved: "Application approved",
      waitlisted: "Application waitlisted",
      declined: "Application declined",
    },
    bookings: {
      approved: "Request approved",
      declined: "Request declined",
      closed: "Day closed",
      reopened: "Day reopened",
    },
  },

  /**
   * When no answer came (the connection dropped) or the server failed: whether the change was kept is
   * not known, so the notice says only that, and that trying again is safe (each form's one-time key
   * applies a repeat once).
   */
  notSaved: {
    title: "Not saved",
    description: "The change may not have been saved. Please try again; sent twice, it is applied only once.",
  },
} as const;
