// The mutation-testing groups (`npm run test:mutation`, see README "Mutation testing"): each group mutates
// a few core files and runs only the test files that exercise them (Stryker then runs, per mutant, only
// the tests of those files that reach it), so one group's run stays within minutes on a slow machine.
/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
export const groups = {
  permissions: {
    mutate: ["worker/lib/permissions.ts"],
    tests: ["worker/lib/permissions.test.ts"],
  },
  points: {
    mutate: ["worker/lib/points.ts"],
    tests: [
      "worker/lib/points.db.test.ts",
      "worker/features/points/leaderboard.routes.test.ts",
      "worker/features/feed/likes.test.ts",
    ],
  },
  idempotency: {
    mutate: ["worker/lib/idempotency.ts"],
    tests: ["worker/features/feed/retries.routes.test.ts", "worker/features/payments/negative-cases.routes.test.ts"],
  },
  "rate-limit": {
    mutate: ["worker/lib/rate-limit.ts"],
    tests: ["worker/lib/rate-limit.db.test.ts", "worker/features/auth/sign-in-backoff.routes.test.ts"],
  },
  membership: {
    mutate: ["worker/lib/membership.ts", "worker/lib/revocation.ts", "worker/lib/subscriptions.ts"],
    tests: [
      "worker/lib/membership.db.test.ts",
      "worker/lib/revocation.db.test.ts",
      "worker/lifecycle-matrix.test.ts",
      "worker/features/communities/community-lifecycle.routes.test.ts",
      "worker/features/members/member-actions.routes.test.ts",
      "party/access-expiry.test.ts",
    ],
  },
  rooms: {
    mutate: ["worker/lib/rooms.ts"],
    tests: [
      "worker/lib/rooms.test.ts",
      "worker/lib/rooms.sockets.test.ts",
      "worker/features/auth/sign-out-sockets.test.ts",
      "party/access-expiry.test.ts",
      "party/conversation-room.test.ts",
      "party/conversation-messages.test.ts",
      "worker/features/conversations/messages.routes.test.ts",
      "worker/features/feed/likes.test.ts",
    ],
  },
  // access.ts through its direct tests (the whole-app matrices that also reach it take minutes a mutant).
  access: {
    mutate: ["worker/lib/access.ts"],
    tests: ["worker/lib/access.db.test.ts", "party/realtime-auth.test.ts", "worker/features/feed/likes.test.ts"],
  },
  // grants.ts and settle.ts through their direct tests (each function and branch against real D1, the
  // provider's side staged in the local Flitt sandbox, a stopped clock): about 12 s for both files. The
  // payment route tests that also reach them re-ran seconds of sign-ups and requests per mutant (their
  // first run took hours and was stopped at 366 of 398 mutants) and found nothing these do not.
  payments: {
    mutate: ["worker/features/payments/grants.ts", "worker/features/payments/settle.ts"],
    tests: ["worker/features/payments/grants.db.test.ts", "worker/features/payments/settle.test.ts"],
  },
  // worker/features/auth/sign-out-sockets.test.ts is left out: what it reaches in the room (sessions' tags,
  // disconnectSessions) rooms.sockets.test.ts checks too, counts and reasons included, and every mutant of
  // the upgrade path would run its slow sign-ins as well.
  "room-auth": {
    mutate: ["party/room-base.ts"],
    tests: [
      "party/room-base.test.ts",
      "party/realtime-auth.test.ts",
      "party/sockets-per-person.test.ts",
      "party/access-expiry.test.ts",
      "party/presence-coalescing.test.ts",
      "party/conversation-messages.test.ts",
      "party/conversation-room.test.ts",
      "party/community-room.test.ts",
      "party/user-room.test.ts",
      "worker/lib/rooms.sockets.test.ts",
    ],
  },
};
