-- request_appointment (decisions 010, 017, 020, 023) and a new closure no longer race (decision 024):
-- the function takes the closures' lock in shared mode before it reads them. Open requests per
-- e-mail count only those for today (p_today, the workshop's date) or later: a request whose day
-- has passed unanswered no longer blocks a new one.
-- Invitations sent before the worker dropped their token too (app/mail/worker.server.ts): no copy stays.
UPDATE email_outbox SET params = params - 'token' WHERE status = 'sent' AND template = 'staff-invitation';
--> statement-breakpoint
DROP FUNCTION request_appointment(uuid, text, text, text, date, text, text, text, integer, text[], text, text, text, integer, text, text, text, integer, integer, integer, jsonb, text, jsonb);
--> statement-breakpoint
CREATE FUNCTION request_appointment(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_date date,
  p_time text,
  p_service text,
  p_message text,
  p_duration_minutes integer,
  -- the start times ('HH:MM') of every slot the booking covers, p_time first
  p_slots text[],
  p_license_plate text,
  p_license_plate_normalized text,
  p_vehicle_model text,
  p_mileage_km integer,
  p_first_registration text,
  p_handover text,
  p_pickup_address text,
  p_slot_capacity integer,
  p_max_open_per_email integer,
  p_max_pickups_per_day integer,
  -- [{id, recipient, reply_to, template, params, message_id}, …]
  p_emails jsonb,
  -- SHA-256 of the personal link's token in the receipt e-mail (issue 16)
  p_link_hash text,
  -- the §57a reminder's consent, or null: {"id", "consent_text", "consented_at"}
  p_inspection_consent jsonb,
  -- the workshop's calendar date now (Europe/Vienna), from the caller's clock
  p_today date
) RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_day text := to_char(p_date, 'YYYY-MM-DD');
  v_slot text;
BEGIN
  -- Shared with every other booking, exclusive for a new closure (addClosure): a closure entered
  -- while this booking runs waits for it and lists it among the affected, or this booking waits for
  -- the closure and sees it below (decision 024).
  PERFORM pg_advisory_xact_lock_shared(31005, 0);

  -- A stored closure that covers the booking refuses it (decision 023): any day of the closure, or
  -- on its first day one that ends after its start time (closureCovers, app/domain/closures.ts).
  -- The service reads the closure only then, for its German answer.
  IF EXISTS (
    SELECT 1 FROM closures c
    WHERE c.from_date <= p_date AND c.to_date >= p_date
      AND (c.start_time IS NULL OR c.from_date <> p_date
           OR (p_time::time - time '00:00') + make_interval(mins => p_duration_minutes) > (c.start_time::time - time '00:00'))
  ) THEN
    RETURN 'closed';
  END IF;

  PERFORM pg_advisory_xact_lock(31002, hashtext(lower(p_email)));
  FOR v_slot IN SELECT DISTINCT s FROM unnest(p_slots) AS s ORDER BY s LOOP
    PERFORM pg_advisory_xact_lock(31001, hashtext(v_day || ' ' || v_slot));
  END LOOP;
  IF p_handover = 'pickup' THEN
    PERFORM pg_advisory_xact_lock(31003, hashtext(v_day));
  END IF;

  IF (SELECT count(*) FROM appointments
      WHERE lower(email) = lower(p_email) AND status = 'beantragt' AND date >= p_today) >= p_max_open_per_email THEN
    RETURN 'too-many-open';
  END IF;

  -- An active appointment covers slot s when it starts at or before s and ends after it.
  IF EXISTS (
    SELECT 1 FROM unnest(p_slots) AS s
    WHERE (SELECT count(*) FROM appointments a
           WHERE a.date = p_date AND a.status IN ('beantragt', 'bestätigt')
             AND a.time <= s
             AND s < to_char(a.time::time + make_interval(mins => a.duration_minutes), 'HH24:MI')) >= p_slot_capacity
  ) THEN
    RETURN 'slot-taken';
  END IF;

  IF p_handover = 'pickup' AND (SELECT count(*) FROM appointments
      WHERE date = p_date AND handover = 'pickup' AND status IN ('beantragt', 'bestätigt')) >= p_max_pickups_per_day THEN
    RETURN 'pickups-full';
  END IF;

  INSERT INTO appointments (id, name, email, phone, date, time, service, message, duration_minutes,
    license_plate, license_plate_normalized, vehicle_model, mileage_km, first_registration, handover, pickup_address, status)
  VALUES (p_id, p_name, p_email, p_phone, p_date, p_time, p_service, p_message, p_duration_minutes,
    p_license_plate, p_license_plate_normalized, p_vehicle_model, p_mileage_km, p_first_registration, p_handover, p_pickup_address,
    'beantragt');

  INSERT INTO email_outbox (id, recipient, reply_to, template, params, message_id, appointment_id)
  SELECT e.id, e.recipient, e.reply_to, e.template, e.params, e.message_id, p_id
  FROM jsonb_to_recordset(p_emails)
    AS e(id uuid, recipient text, reply_to text, template text, params jsonb, message_id text);

  INSERT INTO customer_links (token_hash, appointment_id) VALUES (p_link_hash, p_id);

  IF p_inspection_consent IS NOT NULL THEN
    INSERT INTO inspection_reminders (id, name, email, license_plate, first_registration, consent_text, consented_at, appointment_id)
    VALUES ((p_inspection_consent->>'id')::uuid, p_name, p_email, p_license_plate, p_first_registration,
      p_inspection_consent->>'consent_text', (p_inspection_consent->>'consented_at')::timestamptz, p_id);
  END IF;

  RETURN 'created';
END;
$$;
