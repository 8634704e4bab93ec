import { describe, expect, inject, it } from "vitest";
import { testEngine } from "../tests/test-db";

// A backfill rewrites every row of its table, so it is replayed on a database of its own: the Node
// project's libSQL files are one per test, while the workerd project's D1 is shared.
describe.runIf(testEngine() === "libsql")("migration backfills", () => {
  it("0001 gives existing reports a community status as they were, and the reported content's author", async () => {
    const { readFileSync } = await import("node:fs");
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: `file:${inject("libsqlDir")}/${crypto.randomUUID()}.db` });
    const apply = (tag: string) => client.executeMultiple(readFileSync(`db/migrations/${tag}.sql`, "utf8"));
    try {
      await apply("0000_init");
      await client.executeMultiple(`
        insert into users (id, email, created_at, updated_at) values ('owner', 'o@x.test', 1, 1), ('author', 'a@x.test', 1, 1),
          ('reporter', 'r@x.test', 1, 1), ('mod', 'm@x.test', 1, 1);
        insert into communities (id, name, description, category_key, creator_id, created_at, updated_at)
          values ('c', 'C', 'd', 'technology', 'owner', 1, 1);
        insert into posts (id, community_id, author_id, content, created_at, updated_at) values ('p', 'c', 'author', 'x', 1, 1);
        insert into post_comments (id, post_id, author_id, content, created_at, updated_at) values ('pc', 'p', 'mod', 'y', 1, 1);
        insert into reports (id, reporter_id, community_id, target_kind, target_id, reason, status, handled_by, handled_at, created_at)
          values ('on-post', 'reporter', 'c', 'post', 'p', 'Spam', 'dismissed', 'mod', 5, 2),
            ('on-comment', 'reporter', 'c', 'comment', 'pc', 'Rude', 'open', null, null, 3),
            ('on-deleted', 'reporter', 'c', 'post', 'gone', 'Spam', 'resolved', 'owner', 6, 4);
      `);
      await apply("0001_reports_community_review");
      const { rows } = await client.execute(
        `select id, status, handled_by, target_author_id, community_status, community_handled_by, community_handled_at
         from reports order by created_at`,
      );
      expect(rows.map((r) => ({ ...r }))).toEqual([
        {
          id: "on-post",
          status: "dismissed",
          handled_by: "mod",
          target_author_id: "author",
          community_status: "dismissed",
          community_handled_by: "mod",
          community_handled_at: 5,
        },
        {
          id: "on-comment",
          status: "open",
          handled_by: null,
          target_author_id: "mod",
          community_status: "open",
          community_handled_by: null,
          community_handled_at: null,
        },
        {
          id: "on-deleted",
          status: "resolved",
          handled_by: "owner",
          target_author_id: null,
          community_status: "resolved",
          community_handled_by: "owner",
          community_handled_at: 6,
        },
      ]);
    } finally {
      client.close();
    }
  });
  it("0004 drops the stored English titles, and our own English content, but keeps what people wrote", async () => {
    const { readFileSync } = await import("node:fs");
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: `file:${inject("libsqlDir")}/${crypto.randomUUID()}.db` });
    const apply = (tag: string) => client.executeMultiple(readFileSync(`db/migrations/${tag}.sql`, "utf8"));
    try {
      for (const tag of ["0000_init", "0001_reports_community_review", "0002_idempotency_resources", "0003_account_language"])
        await apply(tag);
      await client.executeMultiple(`
        insert into users (id, email, created_at, updated_at) values ('owner', 'o@x.test', 1, 1), ('fan', 'f@x.test', 1, 1);
        insert into notifications (id, recipient_id, sender_id, type, title, content, data, created_at) values
          ('like', 'owner', 'fan', 'POST_LIKE', 'Fan liked your post', 'My first post', null, 1),
          ('join', 'owner', 'fan', 'COMMUNITY_JOIN', 'Fan joined Club', 'Say hello and make them feel welcome.', null, 2),
          ('role', 'fan', 'owner', 'COMMUNITY_ROLE_CHANGE', 'Owner changed your role', 'You are now a moderator of Club', null, 3),
          ('review', 'owner', null, 'SYSTEM_ANNOUNCEMENT', 'Your community was not approved', 'Club: Too short',
            '{"kind":"review","decision":"reject","reason":"Too short"}', 4);
      `);
      await apply("0004_notification_text_from_data");
      const { rows, columns } = await client.execute("select * from notifications order by created_at");
      expect(columns).not.toContain("title");
      expect(rows.map((r) => [r.id, r.content, r.data])).toEqual([
        ["like", "My first post", null],
        ["join", "", null],
        ["role", "", null],
        ["review", "", '{"kind":"review","decision":"reject","reason":"Too short"}'],
      ]);
    } finally {
      client.close();
    }
  });
  it("0021 gives every community its plan's feature keys, which the API enforces", async () => {
    const { readFileSync } = await import("node:fs");
    const { createClient } = await import("@libsql/client");
    const { plans } = await import("../common/catalog");
    const client = createClient({ url: `file:${inject("libsqlDir")}/${crypto.randomUUID()}.db` });
    const apply = (tag: string) => client.executeMultiple(readFileSync(`db/migrations/${tag}.sql`, "utf8"));
    try {
      await apply("0000_init");
      // Words from an earlier demo seed, and the column's default.
      await client.executeMultiple(`
        insert into users (id, email, created_at, updated_at) values ('owner', 'o@x.test', 1, 1);
        insert into communities (id, name, description, category_key, creator_id, subscription_plan, plan_features, created_at, updated_at)
          values ('words', 'W', 'd', 'technology', 'owner', 'starter', '["Paid memberships","Classroom with unlimited courses"]', 1, 1),
            ('none', 'N', 'd', 'technology', 'owner', 'free', '[]', 1, 1),
            ('big', 'B', 'd', 'technology', 'owner', 'business', '[]', 1, 1);
      `);
      await apply("0021_plan_features_from_plans");
      const { rows } = await client.execute("select id, plan_features from communities order by id");
      expect(Object.fromEntries(rows.map((r) => [r.id, JSON.parse(String(r.plan_features)) as string[]]))).toEqual({
        big: plans.business.features,
        none: plans.free.features,
        words: plans.starter.features,
      });
    } finally {
      client.close();
    }
  });
});
