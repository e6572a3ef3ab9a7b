-- A customer's appointment request in one round trip (decision 010): lock,
-- check the per-address and per-slot limits, store the request and queue its
-- e-mails. Called as one statement, so it is one transaction.
--
-- Statements in a VOLATILE PL/pgSQL function each take a fresh snapshot, so
-- the counts see every request committed while this one waited for a lock.
-- Lock order is fixed (address, then slot): no deadlocks (decision 008).
CREATE FUNCTION request_appointment(
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
BEGIN
  PERFORM pg_advisory_xact_lock(31002, hashtext(lower(p_email)));
  PERFORM pg_advisory_xact_lock(31001, hashtext(to_char(p_date, 'YYYY-MM-DD') || ' ' || p_time));

  IF (SELECT count(*) FROM appointments
      WHERE lower(email) = lower(p_email) AND status = 'beantragt') >= p_max_open_per_email THEN
    RETURN 'too-many-open';
  END IF;

  IF (SELECT count(*) FROM appointments
      WHERE date = p_date AND time = p_time AND status IN ('beantragt', 'bestätigt')) >= p_slot_capacity THEN
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
