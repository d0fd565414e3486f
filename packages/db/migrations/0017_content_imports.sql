CREATE TABLE "content_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"via" text NOT NULL,
	"format" text NOT NULL,
	"dir" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"counts" jsonb,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_imports_at_idx" ON "content_imports" USING btree ("at" DESC NULLS LAST,"id");