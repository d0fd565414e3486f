CREATE TABLE "leaderboard_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leaderboard_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"period_key" text NOT NULL,
	"points" integer NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_counts" (
	"period_key" text NOT NULL,
	"points" integer NOT NULL,
	"learners" integer NOT NULL,
	CONSTRAINT "leaderboard_counts_period_key_points_pk" PRIMARY KEY("period_key","points")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"period_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"eligible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "leaderboard_scores_period_key_user_id_pk" PRIMARY KEY("period_key","user_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_count_deltas_period_idx" ON "leaderboard_count_deltas" USING btree ("period_key","points");--> statement-breakpoint
CREATE INDEX "leaderboard_scores_rank_idx" ON "leaderboard_scores" USING btree ("period_key","points" DESC NULLS LAST,"reached_at","user_id") WHERE "leaderboard_scores"."eligible";--> statement-breakpoint
CREATE INDEX "leaderboard_scores_user_idx" ON "leaderboard_scores" USING btree ("user_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). Every change to a score appends its
-- +1/-1 to the counts' deltas, whatever made it: an award, an account turning inactive, a deletion.
CREATE FUNCTION "leaderboard_scores_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.points = NEW.points AND OLD.eligible = NEW.eligible THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.eligible THEN
    INSERT INTO leaderboard_count_deltas (period_key, points, delta) VALUES (OLD.period_key, OLD.points, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.eligible THEN
    INSERT INTO leaderboard_count_deltas (period_key, points, delta) VALUES (NEW.period_key, NEW.points, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_scores_count" AFTER INSERT OR UPDATE OR DELETE ON "leaderboard_scores"
  FOR EACH ROW EXECUTE FUNCTION "leaderboard_scores_count"();
--> statement-breakpoint
-- Only active, verified learners are ranked: a learner who stops being one leaves every board at once.
CREATE FUNCTION "leaderboard_user_eligibility"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leaderboard_scores SET eligible = (NEW.is_active AND NEW.is_verified) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_user_eligibility" AFTER UPDATE OF "is_active", "is_verified" ON "users"
  FOR EACH ROW WHEN ((OLD.is_active AND OLD.is_verified) IS DISTINCT FROM (NEW.is_active AND NEW.is_verified))
  EXECUTE FUNCTION "leaderboard_user_eligibility"();
--> statement-breakpoint
-- Backfill from what exists: the all-time totals, and this month's and this ISO week's ledger (UTC).
INSERT INTO leaderboard_scores (period_key, user_id, points, reached_at, eligible)
SELECT 'all', u.id, u.points,
  coalesce((SELECT max(l.created_at) FROM points_ledger l WHERE l.user_id = u.id AND l.points > 0), u.date_joined),
  u.is_active AND u.is_verified
FROM users u WHERE u.points > 0;
--> statement-breakpoint
INSERT INTO leaderboard_scores (period_key, user_id, points, reached_at, eligible)
SELECT p.period_key, l.user_id, sum(l.points)::int, max(l.created_at) FILTER (WHERE l.points > 0),
  bool_and(u.is_active AND u.is_verified)
FROM (VALUES
  ('month:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
  ('week:' || to_char(now() AT TIME ZONE 'UTC', 'IYYY-"W"IW'), date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
) AS p(period_key, starts_at)
JOIN points_ledger l ON l.created_at >= p.starts_at
JOIN users u ON u.id = l.user_id
GROUP BY p.period_key, l.user_id
HAVING sum(l.points) > 0;
