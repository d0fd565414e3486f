-- Hand-written first: the pending deltas carry no key (the columns added below are NOT NULL), so they are
-- folded into the counts before the columns exist, as the compaction pass would fold them.
INSERT INTO leaderboard_counts (period_key, points, learners)
SELECT period_key, points, sum(delta)::int FROM leaderboard_count_deltas GROUP BY period_key, points
ON CONFLICT (period_key, points) DO UPDATE SET learners = leaderboard_counts.learners + excluded.learners;
--> statement-breakpoint
DELETE FROM leaderboard_count_deltas;
--> statement-breakpoint
DELETE FROM leaderboard_counts WHERE learners = 0;
--> statement-breakpoint
CREATE TABLE "leaderboard_marks" (
	"period_key" text NOT NULL,
	"points" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "leaderboard_count_deltas_period_idx";--> statement-breakpoint
ALTER TABLE "leaderboard_count_deltas" ADD COLUMN "reached_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_count_deltas" ADD COLUMN "user_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_counts" ADD COLUMN "ahead" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "leaderboard_marks_idx" ON "leaderboard_marks" USING btree ("period_key","points","reached_at","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_count_deltas_period_idx" ON "leaderboard_count_deltas" USING btree ("period_key","points","reached_at","user_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). Each delta now says which entry arrived or
-- left, so a reader can place it among its ties; a move within a total (a new reached_at) is a change too.
CREATE OR REPLACE FUNCTION "leaderboard_scores_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.period_key, OLD.user_id, OLD.points, OLD.reached_at, OLD.eligible)
      = (NEW.period_key, NEW.user_id, NEW.points, NEW.reached_at, NEW.eligible) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.eligible THEN
    INSERT INTO leaderboard_count_deltas (period_key, points, reached_at, user_id, delta)
    VALUES (OLD.period_key, OLD.points, OLD.reached_at, OLD.user_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.eligible THEN
    INSERT INTO leaderboard_count_deltas (period_key, points, reached_at, user_id, delta)
    VALUES (NEW.period_key, NEW.points, NEW.reached_at, NEW.user_id, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The learners ahead of each total, as the compaction pass keeps them.
UPDATE leaderboard_counts c SET ahead = r.ahead
FROM (
  SELECT period_key, points, (coalesce(sum(learners) OVER (PARTITION BY period_key ORDER BY points DESC
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::int AS ahead
  FROM leaderboard_counts) r
WHERE c.period_key = r.period_key AND c.points = r.points;
--> statement-breakpoint
-- Every 64th learner of each group of equal totals (MARK_EVERY in leaderboard.repository.ts).
INSERT INTO leaderboard_marks (period_key, points, reached_at, user_id, position)
SELECT period_key, points, reached_at, user_id, position FROM (
  SELECT period_key, points, reached_at, user_id,
    (row_number() OVER (PARTITION BY period_key, points ORDER BY reached_at, user_id) - 1)::int AS position
  FROM leaderboard_scores WHERE eligible) ranked
WHERE position % 64 = 0;
--> statement-breakpoint
-- A learner's points and exact rank in a period (no row when they have none in it); see standing() in
-- apps/api/src/modules/leaderboard/leaderboard.repository.ts for the arithmetic. A PL/pgSQL function so
-- each connection plans its statement once: planning cost twice what running it does.
CREATE FUNCTION "leaderboard_standing"(p_key text, p_user uuid)
RETURNS TABLE (points integer, rank integer) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT me.points,
    (1
      + coalesce((SELECT c.ahead + c.learners FROM leaderboard_counts c
          WHERE c.period_key = p_key AND c.points > me.points ORDER BY c.points LIMIT 1), 0)
      + coalesce((SELECT sum(d.delta) FROM leaderboard_count_deltas d
          WHERE d.period_key = p_key AND d.points > me.points), 0)
      + coalesce(mark.position, 0)
      + coalesce((SELECT sum(d.delta) FROM leaderboard_count_deltas d
          WHERE d.period_key = p_key AND d.points = me.points
            AND (d.reached_at, d.user_id) < (mark.reached_at, mark.user_id)), 0)
      + (SELECT count(*) FROM leaderboard_scores s
          WHERE s.period_key = p_key AND s.eligible AND s.points = me.points
            AND (s.reached_at, s.user_id) >= (coalesce(mark.reached_at, '-infinity'::timestamptz),
              coalesce(mark.user_id, '00000000-0000-0000-0000-000000000000'::uuid))
            AND (s.reached_at, s.user_id) < (me.reached_at, me.user_id)))::int
  FROM leaderboard_scores me
  LEFT JOIN LATERAL (
    SELECT m.position, m.reached_at, m.user_id FROM leaderboard_marks m
    WHERE m.period_key = p_key AND m.points = me.points
      AND (m.reached_at, m.user_id) <= (me.reached_at, me.user_id)
    ORDER BY m.reached_at DESC, m.user_id DESC LIMIT 1) mark ON true
  WHERE me.period_key = p_key AND me.user_id = p_user AND me.eligible;
END;
$$;
--> statement-breakpoint
-- Statistics for the new table and column now: before autovacuum's first pass the planner would guess.
ANALYZE "leaderboard_marks";
--> statement-breakpoint
ANALYZE "leaderboard_counts";
