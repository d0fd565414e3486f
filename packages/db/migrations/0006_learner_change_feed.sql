-- Each API instance keeps what signed-in learners poll (session liveness, the navbar row, the notification
-- menu) in memory and must drop a learner's entries as soon as they change, whichever instance or operator
-- command changed them. These triggers announce, on the channel 'bastion_learner_changes', the ids of the
-- learners whose account row, sessions or notifications a statement changed: PostgreSQL delivers the
-- announcement when the transaction commits, and not at all if it rolls back. The payload is a
-- comma-separated list of user ids, or '*' (everyone) for a statement that touched many learners.
CREATE FUNCTION bastion_announce_learner_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  learners integer;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('bastion_learner_changes', '*');
    RETURN NULL;
  END IF;
  -- TG_ARGV[0] names the column holding the user id; changed_rows is the statement's transition table.
  EXECUTE format('SELECT count(DISTINCT %1$I), string_agg(DISTINCT %1$I::text, '','') FROM changed_rows', TG_ARGV[0])
    INTO learners, ids;
  IF learners > 100 THEN
    PERFORM pg_notify('bastion_learner_changes', '*');
  ELSIF learners > 0 THEN
    PERFORM pg_notify('bastion_learner_changes', ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('id');
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('id');
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_announce_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes();
--> statement-breakpoint
CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_announce_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes('user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_announce_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION bastion_announce_learner_changes();
