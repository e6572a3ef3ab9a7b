-- request_appointment (decision 010) for services longer than one slot, the
-- car and its hand-over (issue 14, decision 016). A booking occupies every slot
-- its duration covers (p_slots, computed by app/domain/slots.ts); it is stored
-- only when each of them has capacity left and, for a pick-up, when the day has
-- a pick-up left.
--
-- Locks, always in this order, so no two bookings (or a booking and a
-- confirmation, which takes the slot locks the same way) wait for each other
-- in a circle: the address (31002), every covered slot in ascending time
-- (31001, 'YYYY-MM-DD HH:MM', the key of decision 008), then the day's
-- pick-ups (31003, 'YYYY-MM-DD') for a pick-up only. An appointment that
-- covers a slot was stored under that slot's lock, so the counts below see it.
DROP FUNCTION request_appointment(uuid, text, text, text, date, text, text, text, integer, integer, jsonb);
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
  p_emails jsonb
) RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_day text := to_char(p_date, 'YYYY-MM-DD');
  v_slot text;
BEGIN
  PERFORM pg_advisory_xact_lock(31002, hashtext(lower(p_email)));
  FOR v_slot IN SELECT DISTINCT s FROM unnest(p_slots) AS s ORDER BY s LOOP
    PERFORM pg_advisory_xact_lock(31001, hashtext(v_day || ' ' || v_slot));
  END LOOP;
  IF p_handover = 'pickup' THEN
    PERFORM pg_advisory_xact_lock(31003, hashtext(v_day));
  END IF;

  IF (SELECT count(*) FROM appointments
      WHERE lower(email) = lower(p_email) AND status = 'beantragt') >= p_max_open_per_email THEN
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

  RETURN 'created';
END;
$$;
