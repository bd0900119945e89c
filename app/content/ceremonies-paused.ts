/**
 * The notice of the ceremonies' pause, on the journey page, the application and the ceremony donation. Its own
 * file: the pages that only say it load none of the journey's content.
 */
export const CEREMONIES_PAUSED =
  "Divine Journey ceremonies are currently paused while we seek a religious-freedom exemption. We still read every application and place approved seekers on our waitlist; nobody is asked to pay for a ceremony date while the pause lasts.";
