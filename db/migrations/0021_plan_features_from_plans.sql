-- The API enforces a plan's features (courses, paid memberships) from plan_features, which must hold
-- the feature keys of common/catalog.ts. Demo databases seeded earlier stored words instead ("Paid memberships"),
-- and rows written without them hold []: every community takes its plan's features as the catalogue lists them.
UPDATE `communities` SET `plan_features` = '["members100","feed","events","support"]' WHERE `subscription_plan` = 'free';--> statement-breakpoint
UPDATE `communities` SET `plan_features` = '["members1000","feed","events","courses","paidMemberships"]' WHERE `subscription_plan` = 'starter';--> statement-breakpoint
UPDATE `communities` SET `plan_features` = '["members10000","feed","events","courses","paidMemberships","prioritySupport"]' WHERE `subscription_plan` = 'premium';--> statement-breakpoint
UPDATE `communities` SET `plan_features` = '["membersUnlimited","feed","events","courses","paidMemberships","prioritySupport","dedicatedManager"]' WHERE `subscription_plan` = 'business';
