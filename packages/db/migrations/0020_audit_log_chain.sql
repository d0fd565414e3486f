ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers; decision 0188). The unique index on seq is
-- created once the rows that exist are chained (they all hold the placeholder 0 until then).
--
-- A row's hash: sha256 over its canonical text, a JSON array of every column in a fixed order, the time in UTC
-- with microseconds (never the session's time zone), the previous row's hash included. jsonb's text is canonical
-- (keys sorted, one spacing), so the same row gives the same text on any server, before and after a dump. A column
-- added to audit_log later goes into a new version of this function, for the rows written from then on.
CREATE FUNCTION bastion_audit_log_row_hash(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.seq, r.prev_hash, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id, r.actor_name, r.via, r.ip, r.action, r.target_type, r.target_id, r.target_label, r.before, r.after
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every insert takes the chain's advisory lock until its transaction ends, then reads the last row: the rows of
-- concurrent transactions (two server instances, the CLI) chain one after the other in the order they commit,
-- never both to the same row. (Under READ COMMITTED each statement here sees what committed before the lock was
-- granted; a REPEATABLE READ transaction that could not would take a seq already used, and the unique index
-- refuses it.) Whatever the insert sets, seq, prev_hash and row_hash are the trigger's.
CREATE FUNCTION bastion_audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(724311908);
  SELECT seq, row_hash INTO last_seq, last_hash FROM audit_log ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.row_hash := bastion_audit_log_row_hash(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The rows written before this migration, chained oldest first (the append-only trigger is off for this one
-- transaction, as only the owner that migrates can do).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;
--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  n bigint := 0;
  h text := repeat('0', 64);
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY at, id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := h;
    h := bastion_audit_log_row_hash(r);
    UPDATE audit_log SET seq = n, prev_hash = r.prev_hash, row_hash = h WHERE id = r.id;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("seq");
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION bastion_audit_log_chain();
