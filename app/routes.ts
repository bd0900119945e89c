import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("the-invitation", "routes/invitation.tsx", { id: "invitation" }),
  route("the-calling", "routes/invitation.tsx", { id: "the-calling" }),
  route("magic", "routes/magic.tsx"),
  route("magic/feed.xml", "routes/magic-feed.ts"),
  route("magic/:slug", "routes/article.tsx"),
  route("religious-freedom", "routes/religious-freedom.tsx"),
  route("terms-and-privacy", "routes/terms-and-privacy.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("request-access", "routes/request-access.tsx"),
  route("sacred-access", "routes/sacred-access.tsx", { id: "sacred-access" }),
  route("services", "routes/sacred-access.tsx", { id: "services" }),
  route("sacred-access/two-factor", "routes/two-factor.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  route("welcome/:token", "routes/welcome.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  layout("routes/member/layout.tsx", [
    route("dashboard", "routes/member/dashboard.tsx"),
    route("profile", "routes/member/profile.tsx"),
    route("journals", "routes/member/journals.tsx"),
    route("journals/:id", "routes/member/journal-entry.tsx"),
    route("preparation-guide", "routes/member/preparation-guide.tsx"),
    route("calendar", "routes/member/calendar.tsx"),
    route("spirit-companion", "routes/member/spirit-companion.tsx"),
    route("meditations", "routes/member/meditations.tsx"),
    route("resources", "routes/member/resources.tsx"),
  ]),
  route("profile/export", "routes/member/profile-export.ts"),
  route("console/two-factor", "routes/console/two-factor.tsx"),
  ...prefix("console", [
    layout("routes/console/layout.tsx", [
      index("routes/console/overview.tsx"),
      route("requests", "routes/console/requests.tsx"),
      route("requests/:id", "routes/console/request.tsx"),
      route("members", "routes/console/members.tsx"),
      route("members/:id", "routes/console/member.tsx"),
      route("outbox", "routes/console/outbox.tsx"),
      route("audit", "routes/console/audit.tsx"),
    ]),
  ]),
  route("thank-you", "routes/thank-you.tsx"),
  route("thank-you-sacred-offering", "routes/thank-you-sacred-offering.tsx"),
  route("newsletter", "routes/newsletter.ts"),
  route("newsletter/confirm/:token", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe/:token", "routes/newsletter-unsubscribe.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...redirects(),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/** DESIGN.md "Decisions": paths linked in SPEC.md but missing from its route table. */
function redirects() {
  return [
    route("session-calendar", "routes/redirect.ts", { id: "redirect-session-calendar" }),
    route("integration-sessions", "routes/redirect.ts", { id: "redirect-integration-sessions" }),
    route("guided-meditations", "routes/redirect.ts", { id: "redirect-guided-meditations" }),
    route("sacred-resources", "routes/redirect.ts", { id: "redirect-sacred-resources" }),
  ];
}
