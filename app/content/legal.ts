import type { Section } from "./types";

export const legalUpdated = "2025-01-15";

/** Terms of Use: SPEC.md's six sections, in its order. */
export const termsSections: ReadonlyArray<Section> = [
  {
    id: "purpose",
    heading: "Purpose",
    blocks: [
      {
        type: "p",
        text: [
          "The Sacred Path Congregation is a non-profit religious organisation. This website and its member area exist to share our teachings, to let seekers reach us, and to support members in preparation, ceremony and integration. By using them you agree to these terms. If you do not agree, please do not use the site.",
        ],
      },
    ],
  },
  {
    id: "eligibility",
    heading: "Eligibility",
    blocks: [
      {
        type: "p",
        text: [
          "You must be 21 or older to take part in any ceremony or paid service, and you must complete an intake conversation with a Temple Keeper first. Membership is free and carries no test of belief, but access to services is at our discretion: we may decline or postpone participation, for example for reasons of health, safety or readiness, and we will tell you so with care.",
        ],
      },
    ],
  },
  {
    id: "no-medical-advice",
    heading: "No Medical Advice",
    blocks: [
      {
        type: "p",
        text: [
          "Our guidance is spiritual, not medical. Nothing on this site or in our sessions is medical or psychological advice, diagnosis or treatment, and it does not replace care from a licensed professional. Tell us honestly about your health and medications during intake, and consult your own physician. Psilocybin remains a controlled substance under United States federal law; our ceremonies are paused until we can hold them lawfully.",
        ],
      },
    ],
  },
  {
    id: "donations",
    heading: "Donations",
    blocks: [
      {
        type: "p",
        text: [
          "Donations are required to access services, such as preparation sessions and mentorship, and sustain the congregation's work. Suggested amounts are shown where each service is offered. Payments are processed by our payment provider; we never see or store full card numbers. Questions about a donation or a refund are welcome through ",
          { text: "our contact page", href: "/contact" },
          ".",
        ],
      },
    ],
  },
  {
    id: "use-of-ai",
    heading: "Use of AI",
    blocks: [
      {
        type: "p",
        text: [
          "Some member tools, such as the reflection companion and suggested prompts, use automated assistance. They are optional, may be wrong, and are never a substitute for a human guide, a Temple Keeper or medical care. You can use every part of our service without them.",
        ],
      },
    ],
  },
  {
    id: "responsibility",
    heading: "Responsibility",
    blocks: [
      {
        type: "p",
        text: [
          "You are responsible for the accuracy of what you tell us and for keeping your account secure. Please treat other members with respect and keep what is shared in circles confidential. We provide the site as it is and, to the extent the law allows, are not liable for indirect losses arising from its use. We may update these terms and will show the date of the latest change at the top of this page.",
        ],
      },
    ],
  },
];

/** Privacy Policy: SPEC.md's six sections, in its order. */
export const privacySections: ReadonlyArray<Section> = [
  {
    id: "information-we-collect",
    heading: "Information We Collect",
    blocks: [
      {
        type: "p",
        text: [
          "We collect what you give us: your name and email when you write to us, ask for access or sign up for letters; your application and intake answers; and, as a member, your profile, medical notes, journals, integration sessions, check-ins and conversations. For payments we keep amounts, dates and the last four digits of a card, never the full number. Our servers keep short technical logs without personal content. We set only the cookies signing in needs: one that keeps you signed in, and one that remembers a browser you signed in from, so that someone guessing your password from elsewhere cannot lock you out of it; that one holds no personal information and stays after you sign out until you clear it in your browser. If you add a passkey, we keep the name you give it, when it was added and last used, and its public key, which can check your device's signature but cannot sign in on its own; the private key never leaves your device.",
        ],
      },
    ],
  },
  {
    id: "how-we-use-information",
    heading: "How We Use Information",
    blocks: [
      {
        type: "p",
        text: [
          "We use your information only to provide our services: to answer you, to review requests and applications, to prepare and care for you safely, to process donations, and to send the emails you asked for. We do not sell or rent personal information, and we do not use it for advertising.",
        ],
      },
    ],
  },
  {
    id: "data-protection",
    heading: "Data Protection",
    blocks: [
      {
        type: "p",
        text: [
          "Sensitive records, including medical notes, journals, integration sessions, chats and shares with your facilitator, are encrypted at rest and private by default. Staff may read your medical notes only if you choose to share them, and every such reading is recorded and shown to you. Every time a keeper opens one of your shares it is recorded too, and you see each reading beside your shares. Each share opens a conversation: you and the keepers can write back and forth, each message is encrypted like the share, and the email that tells either side of a new message never contains it. A keeper may take a conversation so you know who is answering. If you send a share with Anonymous Sharing, keepers see it and the conversation without your name; their messages still reach you. The conversations are in your data export and are deleted with your account. Keepers offer spiritual care, not treatment, and are not an emergency service. Access is limited to the people who need it, and staff accounts use two-factor authentication.",
        ],
      },
      {
        type: "p",
        text: [
          "When a message you send us through the contact page, a share with your facilitator, or the guide chat uses words of harming yourself or of being in danger, our software shows you crisis lines at once (988 in the United States, your local emergency number, and the Fireside Project peer support line) and marks the message urgent, so a Temple Keeper reads it first. This is a simple match of words on our own server; nothing is sent to any outside service, and the email that tells keepers a message is waiting never contains what you wrote. Your private journal is never scanned. We are not an emergency service: if you are in danger, please call your local emergency number.",
        ],
      },
      {
        type: "p",
        text: [
          "After a session you booked, we invite you to a few short check-ins (by default 2 days, 2 weeks and 3 months after it): five statements of the WHO-5 Wellbeing Index, a public questionnaire of the World Health Organization, and one question in your own words. The email that invites you holds only a link; the questions are behind your sign-in. Your answers are encrypted and only you see them, on your dashboard beside your daily moods. Keepers never see your answers or your score. They see only that a check-in waits for them and why: it went unanswered for a week, the score was low, or your words spoke of harm or danger (then you are shown crisis lines at once). A keeper may then write to you. The score is a sign of how two weeks felt, not a diagnosis; this is spiritual care, not treatment, and not an emergency service. You can turn these check-ins off in your settings at any time; your answers are in your data export and are deleted with your account.",
        ],
      },
      {
        type: "p",
        text: [
          "When you join an integration circle, we keep that you joined (or wait on its list) and when. Only the Temple Keepers see who comes; other members see only how many places are left. The video link is shown on the circle's page to those with a place and is never sent by email. What is said in a circle is not recorded by us. Your circles are in your data export and are removed with your account.",
        ],
      },
      {
        type: "p",
        text: [
          "When ceremonies are offered and you are invited to one, we keep your place and your answer to the invitation. The readiness documents you sign (a client information form, your medicines, a safety and support plan, a transportation plan, your choice about supportive touch, and your rights) are kept with your typed name, the version you signed, the time, your account and the address you signed from; what you wrote is encrypted. The facilitators who prepare your ceremony see which documents are signed and, where an answer needs their care (such as lithium in the last 30 days, or thoughts of harm), the reason, not your answers. You can download each signed document as a PDF and withdraw it until the day begins; a withdrawn document is kept, marked withdrawn, so the record of what was signed when stays true. On the day, the facilitators record when you arrived and left, whether your way home went as planned, and their notes, which are encrypted; only the day's facilitators and our administrators can read them, and each reading is recorded. Your places, documents and the day's record are in your data export and are deleted with your account. If something goes wrong during or after a ceremony, the facilitators write a report of what happened and what was done; because we must be able to account for the safety of our ceremonies, that report is kept even if you delete your account, without your name and without anything from your journal or your documents.",
        ],
      },
      {
        type: "p",
        text: [
          "When you give, we keep your name, the address for your receipt, the amount (and, if you chose to cover it, the processing fee) and the day, as a financial record the law asks us to keep; your card or bank details stay with PayPal and never reach us. If you give every month or year, PayPal holds the subscription and collects each gift; we keep its amount, how often, whether it is active, paused or cancelled, and whether a collection did not go through, so we can tell you. The Temple Keepers who look after giving see that record; when a collection fails, the keepers are told only that one did, not by whom, and see who in the console. Your recurring offerings are in your data export; deleting your account cancels them at PayPal first, and the gifts already made stay as receipts without your account.",
        ],
      },
    ],
  },
  {
    id: "communication-and-consent",
    heading: "Communication and Consent",
    blocks: [
      {
        type: "p",
        text: [
          "We email you only about what you asked for or what your participation requires. Our newsletter is double opt-in: you confirm by email before you receive anything, and every letter carries a one-click unsubscribe link. As a member you choose, under Settings on your profile, whether we email you when a facilitator replies, the day before a booked session, once after a session to invite you to record its integration (off unless you turn it on), and on Sunday evenings in weeks you have not written in your journal. Turning one off stops that email at once; the reply or reminder itself is never lost, it waits in your member area. We never read your journal to decide whether to remind you: we only note whether you wrote that week.",
        ],
      },
    ],
  },
  {
    id: "ai-and-data-use",
    heading: "AI and Data Use",
    blocks: [
      {
        type: "p",
        text: [
          "Our optional reflection tools work from your own records inside our systems. No outside AI service receives your data unless we tell you clearly beforehand and you choose to use that feature. Your records are never used to train anyone's models.",
        ],
      },
    ],
  },
  {
    id: "your-rights",
    heading: "Your Rights",
    blocks: [
      {
        type: "p",
        text: [
          "You may see, correct, download (as a JSON file) and delete your information. Deleting your account removes or anonymises every personal record; payment records are kept as the law requires, without any health data. For any privacy question or request, please write to us through ",
          { text: "our contact page", href: "/contact" },
          ".",
        ],
      },
    ],
  },
];
