ALTER TABLE "sessions" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_second_factor_check" CHECK ("sessions"."second_factor" IN ('totp', 'recovery'));--> statement-breakpoint
-- Hand-written: the earliest-joined active staff account becomes the owner when no account is one (decision 0185).
-- Sessions from before this migration have no second factor recorded, so the console asks their staff to sign in
-- again with their code (decision 0184).
UPDATE "users" SET "is_owner" = true
WHERE "id" = (SELECT "id" FROM "users" WHERE "is_staff" AND "is_active" ORDER BY "date_joined", "id" LIMIT 1)
  AND NOT EXISTS (SELECT 1 FROM "users" WHERE "is_owner");
