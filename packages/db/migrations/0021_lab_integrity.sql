CREATE TABLE "issued_lab_secrets" (
	"item_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_lab_secrets_item_id_digest_pk" PRIMARY KEY("item_id","digest")
);
--> statement-breakpoint
CREATE TABLE "lab_opens" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_opens_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "quick_solves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"item_title" text NOT NULL,
	"solved_at" timestamp with time zone NOT NULL,
	"lab_opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shared_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"item_title" text NOT NULL,
	"secret_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_lab_secrets" ADD CONSTRAINT "issued_lab_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_opens" ADD CONSTRAINT "lab_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_solves" ADD CONSTRAINT "quick_solves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_answers" ADD CONSTRAINT "shared_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_answers" ADD CONSTRAINT "shared_answers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_solves_user_idx" ON "quick_solves" USING btree ("user_id","solved_at");--> statement-breakpoint
CREATE INDEX "shared_answers_at_idx" ON "shared_answers" USING btree ("at" DESC NULLS LAST,"id");