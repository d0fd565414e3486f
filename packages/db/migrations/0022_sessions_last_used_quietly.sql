-- Hand-written: a session's last_used_at is written as it is used (at most once a minute, plugins/auth.ts). Such a
-- write changes nothing the instances cache, so it announces no learner change: an update of sessions announces
-- only the learners whose rows changed in another column (a refresh's new expiry, a revocation, a second factor).
CREATE FUNCTION bastion_announce_session_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  learners integer;
  ids text;
BEGIN
  SELECT count(DISTINCT n.user_id), string_agg(DISTINCT n.user_id::text, ',')
    INTO learners, ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(n) - 'last_used_at' IS DISTINCT FROM to_jsonb(o) - 'last_used_at';
  IF learners > 100 THEN
    PERFORM pg_notify('bastion_learner_changes', '*');
  ELSIF learners > 0 THEN
    PERFORM pg_notify('bastion_learner_changes', ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER sessions_announce_update ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_session_changes();
