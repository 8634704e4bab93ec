/** Support, moderation and settings rows of the demo world. */

export const SUPPORT_TICKETS = [
  {
    user: "giorgi",
    subject: "Invoice for my Frontend Craft subscription",
    message:
      "Hi! My company reimburses learning costs. Could I get an invoice with my company name (Paybridge LLC) for the last payment?",
    priority: "medium" as const,
    category: "billing" as const,
    status: "open" as const,
    daysAgo: 1,
  },
];

export const REPORTS = [
  {
    reporter: "dato",
    community: "startup",
    targetKind: "post" as const,
    post: "growth-hire",
    reason: "Job ads should not be in the main feed.",
    // Staff review and the community's queue decide apart: Giorgi dismissed it for the community first.
    status: "dismissed" as const,
    handledBy: "nino",
    communityStatus: "dismissed" as const,
    communityHandledBy: "giorgi",
    daysAgo: 11,
  },
  {
    reporter: "irakli",
    community: "startup",
    targetKind: "post" as const,
    post: "ux-teardown",
    reason: "Looks like self-promotion for a paid service.",
    status: "open" as const,
    handledBy: null,
    communityStatus: "open" as const,
    communityHandledBy: null,
    daysAgo: 1,
  },
];

/** Salome has blocked Irakli; the demo data has no interaction between them. */
export const BLOCKS = [{ blocker: "salome", blocked: "irakli", daysAgo: 10 }];
