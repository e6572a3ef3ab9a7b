DROP INDEX "appointments_email_idx";--> statement-breakpoint
CREATE INDEX "appointments_open_email_idx" ON "appointments" USING btree (lower("email")) WHERE "appointments"."status" = 'beantragt';--> statement-breakpoint
-- request_appointment (decision 010) with the two counts as dynamic SQL
-- (decision 012). A PL/pgSQL function keeps the plans of its static queries
-- for the life of the connection. Planned while the table was small (a fresh
-- install, a pool connection opened before the first ANALYZE, PGlite, which
-- has no autovacuum) they stay sequential scans as the table grows: measured,
-- a booking then spent most of its database time in lower(email) over every
-- row. EXECUTE plans each count for the table as it is now; the inserts keep
-- their cached plans. Everything else is unchanged from 0001.
CREATE OR REPLACE FUNCTION request_appointment(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_date date,
  p_time text,
  p_service text,
  p_message text,
  p_slot_capacity integer,
  p_max_open_per_email integer,
  -- [{id, recipient, reply_to, template, params, message_id}, …]
  p_emails jsonb
) RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  open_requests bigint;
  active_in_slot bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(31002, hashtext(lower(p_email)));
  PERFORM pg_advisory_xact_lock(31001, hashtext(to_char(p_date, 'YYYY-MM-DD') || ' ' || p_time));

  EXECUTE 'SELECT count(*) FROM appointments WHERE lower(email) = lower($1) AND status = ''beantragt'''
    INTO open_requests USING p_email;
  IF open_requests >= p_max_open_per_email THEN
    RETURN 'too-many-open';
  END IF;

  EXECUTE 'SELECT count(*) FROM appointments WHERE date = $1 AND time = $2 AND status IN (''beantragt'', ''bestätigt'')'
    INTO active_in_slot USING p_date, p_time;
  IF active_in_slot >= p_slot_capacity THEN
    RETURN 'slot-taken';
  END IF;

  INSERT INTO appointments (id, name, email, phone, date, time, service, message, status)
  VALUES (p_id, p_name, p_email, p_phone, p_date, p_time, p_service, p_message, 'beantragt');

  INSERT INTO email_outbox (id, recipient, reply_to, template, params, message_id, appointment_id)
  SELECT e.id, e.recipient, e.reply_to, e.template, e.params, e.message_id, p_id
  FROM jsonb_to_recordset(p_emails)
    AS e(id uuid, recipient text, reply_to text, template text, params jsonb, message_id text);

  RETURN 'created';
END;
$$;
