CREATE TABLE "answer_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"item_title" text NOT NULL,
	"step" integer,
	"correct" boolean NOT NULL,
	"fingerprint" text,
	"ip" text,
	"shared_owner_id" uuid
);
--> statement-breakpoint
CREATE TABLE "record_starts" (
	"record" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_submissions" ADD CONSTRAINT "answer_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_submissions" ADD CONSTRAINT "answer_submissions_shared_owner_id_users_id_fk" FOREIGN KEY ("shared_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_submissions_at_idx" ON "answer_submissions" USING btree ("at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "answer_submissions_user_at_idx" ON "answer_submissions" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "answer_submissions_item_fingerprint_idx" ON "answer_submissions" USING btree ("item_id","fingerprint");--> statement-breakpoint
-- Hand-written: answers were only counted before this migration; the console says since when they are logged.
INSERT INTO "record_starts" ("record") VALUES ('answer_submissions');
