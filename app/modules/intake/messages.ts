/* Messages the journey page and the application need at once; their schemas load when a form is used. */

export const QUIZ_MESSAGES = {
  answerRequired: { title: "Answer required", description: "Please select an answer to continue." },
  invalidEmail: { title: "Invalid email", description: "Please enter a valid email address." },
  tooMany: { title: "Too many attempts", description: "Please wait before submitting again." },
  failed: { title: "Submission failed", description: "Please try again later." },
  option: "Please select an option",
} as const;

/** When answers for one address came from many connections (its ceiling, decision 007): other ways through. */
export const quizAddressBusy = (wait: string) => ({
  title: "Too many attempts",
  description: `Many answers for this email address reached us within the hour, more than we email to one inbox. Please try again in ${wait}. If it is the address of your account, sign in and send it again; or write to us through the Contact page.`,
});

export const APPLICATION_MESSAGES = {
  textShort: "Please provide at least 10 characters",
  textLong: "Text must be less than 2000 characters",
  agreement: { title: "Agreement required", description: "Please read and agree to the sacred agreement." },
  submitted: { title: "Application submitted", description: "Your sacred application has been received securely." },
  failed: { title: "Submission failed", description: "Your application could not be saved. Please try again." },
  tooMany: { title: "Too many attempts", description: "Please wait before submitting again." },
} as const;

/** The access request's field messages: the spec's, in this order; whitespace-only counts as empty. */
export const ACCESS_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  reason: "Please tell us why you seek access",
} as const;
