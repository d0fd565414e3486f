CREATE TABLE "lab_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"stage" text,
	"reason" text,
	"browser" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_starts" ADD CONSTRAINT "lab_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_starts_at_idx" ON "lab_starts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "lab_starts_item_at_idx" ON "lab_starts" USING btree ("item_id","at");