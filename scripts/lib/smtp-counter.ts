// The bench's SMTP stand-in, in a process of its own so its memory is not the sender's: started
// with fork(), it says its URL, and answers "counts" with how many it accepted, per recipient.
import { startCountingSmtp } from "../../tests/support/newsletter-load";

const smtp = await startCountingSmtp();
process.send?.({ url: smtp.url("bench") });
process.on("message", (message) => {
  if (message !== "counts") return;
  const counts = [...smtp.byRecipient.values()];
  process.send?.({
    accepted: smtp.accepted(),
    recipients: counts.length,
    moreThanOnce: counts.filter((n) => n > 1).length,
    repeatedIds: smtp.repeatedIds(),
  });
});
process.on("disconnect", () => {
  smtp.close().finally(() => process.exit(0));
});
