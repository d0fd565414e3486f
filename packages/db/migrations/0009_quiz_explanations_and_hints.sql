ALTER TABLE "module_items" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "module_items" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "module_items" ADD COLUMN "hint_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_progress" ADD COLUMN "hint_taken_at" timestamp with time zone;