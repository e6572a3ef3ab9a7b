CREATE TABLE "appointment_counts" (
	"status" text NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- Statement triggers with transition tables: one upsert per status and statement (an import's
-- batch of 1,000 rows is one row lock per status, not 1,000 updates), taken in status order.
-- The counts of a status can be spread over shards, even negative in one; only their sum counts.
CREATE FUNCTION appointment_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO appointment_counts AS c (status, shard, n)
  SELECT key, pg_backend_pid() % 16, value::bigint FROM jsonb_each_text(changes) WHERE value::bigint <> 0 ORDER BY key
  ON CONFLICT (status, shard) DO UPDATE SET n = c.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION appointment_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_counts_add((SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) AS s));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION appointment_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_counts_add((SELECT coalesce(jsonb_object_agg(status, -n), '{}') FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) AS s));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every update passes here (a column list is not allowed with transition tables); one that keeps
-- the status (a note, a date) nets to zero and writes nothing.
CREATE FUNCTION appointment_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM appointment_counts_add((SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (
    SELECT status, sum(d) AS n FROM (SELECT status, -1 AS d FROM old_rows UNION ALL SELECT status, 1 FROM new_rows) AS u GROUP BY status
  ) AS s));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION appointment_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_counts_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER appointment_counts_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER appointment_counts_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER appointment_counts_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_after_truncate();
--> statement-breakpoint
-- The appointments of before this migration.
INSERT INTO appointment_counts (status, shard, n) SELECT status, 0, count(*) FROM appointments GROUP BY status;
