CREATE TABLE "content_overrides" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"hidden" boolean,
	"points" integer,
	"reason" text,
	"set_by" uuid,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_overrides" ADD CONSTRAINT "content_overrides_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;