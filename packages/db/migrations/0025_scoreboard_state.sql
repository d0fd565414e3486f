CREATE TABLE "scoreboard_frozen_scores" (
	"period" text NOT NULL,
	"rank" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "scoreboard_frozen_scores_period_rank_pk" PRIMARY KEY("period","rank")
);
--> statement-breakpoint
CREATE TABLE "scoreboard_state" (
	"scope" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"set_by" uuid
);
--> statement-breakpoint
ALTER TABLE "scoreboard_frozen_scores" ADD CONSTRAINT "scoreboard_frozen_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoreboard_state" ADD CONSTRAINT "scoreboard_state_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scoreboard_frozen_scores_user_idx" ON "scoreboard_frozen_scores" USING btree ("period","user_id");