-- The deltas table is a queue: rows come and go every few seconds, so autovacuum must not wait for a
-- fraction of it to be dead before cleaning it.
ALTER TABLE "leaderboard_count_deltas" SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
  autovacuum_analyze_threshold = 1000, autovacuum_analyze_scale_factor = 0);
