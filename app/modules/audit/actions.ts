/** The actions the audit log knows; a new kind of staff act gets a name here first. */
export const AUDIT_ACTIONS = {
  staffSignIn: "staff.sign-in",
  roleChanged: "member.role-changed",
  accountDisabled: "member.disabled",
  accountEnabled: "member.enabled",
  requestApproved: "access-request.approved",
  requestDeclined: "access-request.declined",
  medicalRecordRead: "medical-record.read",
  shareRead: "share.read",
  contactRead: "contact.read",
  contactReply: "contact.reply",
  mailResent: "outbox.resent",
  applicationRead: "application.read",
  applicationDecided: "application.decided",
  applicationNoted: "application.noted",
  quizExported: "quiz.exported",
  giftRefunded: "gift.refunded",
  givingExported: "giving.exported",
  twoFactorEnabled: "staff.two-factor-enabled",
  emailChanged: "account.email-changed",
  recordsLinked: "account.records-linked",
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
