CREATE TABLE "resource_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"start_time" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_absences_range_check" CHECK ("resource_absences"."from_date" <= "resource_absences"."to_date"),
	CONSTRAINT "resource_absences_reason_check" CHECK (length("resource_absences"."reason") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "courtesy_car" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_absences" ADD CONSTRAINT "resource_absences_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_absences_range_idx" ON "resource_absences" USING btree ("to_date","from_date");--> statement-breakpoint
CREATE INDEX "appointment_resources_active_starts_idx" ON "appointment_resources" USING btree ("starts_at") WHERE "appointment_resources"."active";--> statement-breakpoint
-- Hand-written below (decision 039): the placement every path that fills the workshop uses.
-- The instant a Vienna wall-clock time on a date is (p_time_zone is site.timeZone, Europe/Vienna).
CREATE FUNCTION workshop_instant(p_date date, p_time text, p_time_zone text) RETURNS timestamptz
LANGUAGE sql
STABLE
AS $$ SELECT (p_date + p_time::time) AT TIME ZONE p_time_zone $$;
--> statement-breakpoint
-- One free resource of p_kind for [p_starts, p_ends) on p_date, or NULL: active, no active hold
-- overlapping (holds of p_except, the appointment being placed or moved, do not count) and not
-- absent (a whole day of an absence, or on its first day from its start time on). Of the free ones
-- the one used least that day, then the oldest. The one rule of choosing: pick_resources (a booking,
-- a confirmation, the import, a move) and a new absence's reassignment (absences.server.ts) use it.
CREATE FUNCTION free_resource(
  p_kind text,
  p_starts timestamptz,
  p_ends timestamptz,
  p_date date,
  p_time_zone text,
  p_except uuid
) RETURNS uuid
LANGUAGE sql
STABLE
AS $$
  SELECT r.id
  FROM resources r
  WHERE r.kind = p_kind AND r.active
    AND NOT EXISTS (
      SELECT 1 FROM appointment_resources h
      WHERE h.resource_id = r.id AND h.active AND h.appointment_id IS DISTINCT FROM p_except
        AND tstzrange(h.starts_at, h.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)'))
    AND NOT EXISTS (
      SELECT 1 FROM resource_absences a
      WHERE a.resource_id = r.id AND a.from_date <= p_date AND a.to_date >= p_date
        AND (a.start_time IS NULL OR a.from_date <> p_date OR p_ends > workshop_instant(p_date, a.start_time, p_time_zone)))
  ORDER BY (
    SELECT coalesce(sum(h.ends_at - h.starts_at), interval '0')
    FROM appointment_resources h
    WHERE h.resource_id = r.id AND h.active
      AND h.starts_at >= workshop_instant(p_date, '00:00', p_time_zone)
      AND h.starts_at < workshop_instant(p_date + 1, '00:00', p_time_zone)
  ), r.created_at, r.id
  LIMIT 1
$$;
--> statement-breakpoint
-- The resources an appointment of p_date at p_time for p_duration_minutes would hold: one free
-- resource of each kind in p_kinds for the whole duration (so the work never switches lifts), and
-- with p_courtesy_until ('HH:MM', the day's closing) a courtesy car from the start until then.
-- Each is free_resource's choice.
-- Returns the ids in the order of p_kinds, the car last; NULL when a kind of work has none free;
-- without the car (one id fewer) when only the car is missing. Reads only: the callers hold the
-- day's lock (31007), the exclusion constraint appointment_resources_no_overlap stays the last word.
CREATE FUNCTION pick_resources(
  p_date date,
  p_time text,
  p_duration_minutes integer,
  p_kinds text[],
  p_courtesy_until text,
  p_time_zone text,
  p_except uuid
) RETURNS uuid[]
LANGUAGE plpgsql
STABLE
AS $$
DECLARE
  v_starts timestamptz := workshop_instant(p_date, p_time, p_time_zone);
  v_ends timestamptz := v_starts + make_interval(mins => p_duration_minutes);
  v_kind text;
  v_id uuid;
  v_ids uuid[] := '{}';
BEGIN
  FOREACH v_kind IN ARRAY p_kinds || CASE WHEN p_courtesy_until IS NULL THEN '{}'::text[] ELSE ARRAY['courtesy_car'] END LOOP
    IF v_kind = 'courtesy_car' THEN
      v_ends := workshop_instant(p_date, p_courtesy_until, p_time_zone);
    END IF;
    v_id := free_resource(v_kind, v_starts, v_ends, p_date, p_time_zone, p_except);
    IF v_id IS NULL THEN
      RETURN CASE WHEN v_kind = 'courtesy_car' THEN v_ids END;
    END IF;
    v_ids := v_ids || v_id;
  END LOOP;
  RETURN v_ids;
END;
$$;
--> statement-breakpoint
-- Gives appointment p_appointment_id the resources pick_resources chose (p_ids; the first
-- cardinality(p_kinds) for the work, a further one the courtesy car until p_courtesy_until).
CREATE FUNCTION hold_resources(
  p_appointment_id uuid,
  p_ids uuid[],
  p_date date,
  p_time text,
  p_duration_minutes integer,
  p_work_count integer,
  p_courtesy_until text,
  p_time_zone text
) RETURNS void
LANGUAGE sql
VOLATILE
AS $$
  INSERT INTO appointment_resources (appointment_id, resource_id, starts_at, ends_at)
  SELECT p_appointment_id, chosen.id, workshop_instant(p_date, p_time, p_time_zone),
    CASE WHEN chosen.position <= p_work_count
      THEN workshop_instant(p_date, p_time, p_time_zone) + make_interval(mins => p_duration_minutes)
      ELSE workshop_instant(p_date, p_courtesy_until, p_time_zone) END
  FROM unnest(p_ids) WITH ORDINALITY AS chosen(id, position)
$$;
--> statement-breakpoint
-- Places an appointment that exists (confirming one without holds, the import, the first start's
-- migration, a move): under the day's lock, its active holds replaced by a new set for p_date at
-- p_time. 'placed', or 'slot-taken' / 'courtesy-car-taken' with nothing changed.
CREATE FUNCTION place_appointment(
  p_appointment_id uuid,
  p_date date,
  p_time text,
  p_duration_minutes integer,
  p_kinds text[],
  p_courtesy_until text,
  p_time_zone text
) RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_ids uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(31007, hashtext(p_date::text));
  v_ids := pick_resources(p_date, p_time, p_duration_minutes, p_kinds, p_courtesy_until, p_time_zone, p_appointment_id);
  IF v_ids IS NULL THEN
    RETURN 'slot-taken';
  END IF;
  IF p_courtesy_until IS NOT NULL AND cardinality(v_ids) = cardinality(p_kinds) THEN
    RETURN 'courtesy-car-taken';
  END IF;
  DELETE FROM appointment_resources WHERE appointment_id = p_appointment_id AND active;
  PERFORM hold_resources(p_appointment_id, v_ids, p_date, p_time, p_duration_minutes, cardinality(p_kinds), p_courtesy_until, p_time_zone);
  RETURN 'placed';
END;
$$;
--> statement-breakpoint
-- request_appointment as in 0019, but the capacity of one number (p_slot_capacity, the slots'
-- locks 31001) gives way to the resources (issue 27, decision 039): under the day's lock the
-- booking picks a free resource of every kind its service needs (p_kinds) and, when asked, a
-- courtesy car until closing (p_courtesy_until); 'slot-taken' or 'courtesy-car-taken' otherwise.
DROP FUNCTION request_appointment(uuid, text, text, text, date, text, text, text, integer, text[], text, text, text, integer, text, text, text, integer, integer, integer, jsonb, text, jsonb, date);
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
  -- the kinds of resource the service needs (neededKinds, app/domain/resources.ts)
  p_kinds text[],
  p_license_plate text,
  p_license_plate_normalized text,
  p_vehicle_model text,
  p_mileage_km integer,
  p_first_registration text,
  p_handover text,
  p_pickup_address text,
  -- 'HH:MM' the day's closing when the customer asked for a courtesy car, else null
  p_courtesy_until text,
  -- site.timeZone (Europe/Vienna): the zone of p_date and p_time
  p_time_zone text,
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
  v_ids uuid[];
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
  -- The day's lock of every placement (place_appointment): bookings of one day pick their
  -- resources one after the other, bookings of other days do not wait. It also covers the day's pick-ups.
  PERFORM pg_advisory_xact_lock(31007, hashtext(p_date::text));

  IF (SELECT count(*) FROM appointments
      WHERE lower(email) = lower(p_email) AND status = 'beantragt' AND date >= p_today) >= p_max_open_per_email THEN
    RETURN 'too-many-open';
  END IF;

  -- A free resource of every kind the work needs for its whole duration, and the car (decision 039).
  v_ids := pick_resources(p_date, p_time, p_duration_minutes, p_kinds, p_courtesy_until, p_time_zone, NULL);
  IF v_ids IS NULL THEN
    RETURN 'slot-taken';
  END IF;
  IF p_courtesy_until IS NOT NULL AND cardinality(v_ids) = cardinality(p_kinds) THEN
    RETURN 'courtesy-car-taken';
  END IF;

  IF p_handover = 'pickup' AND (SELECT count(*) FROM appointments
      WHERE date = p_date AND handover = 'pickup' AND status IN ('beantragt', 'bestätigt')) >= p_max_pickups_per_day THEN
    RETURN 'pickups-full';
  END IF;

  INSERT INTO appointments (id, name, email, phone, date, time, service, message, duration_minutes,
    license_plate, license_plate_normalized, vehicle_model, mileage_km, first_registration, handover, pickup_address, status,
    inspection_consent, courtesy_car)
  VALUES (p_id, p_name, p_email, p_phone, p_date, p_time, p_service, p_message, p_duration_minutes,
    p_license_plate, p_license_plate_normalized, p_vehicle_model, p_mileage_km, p_first_registration, p_handover, p_pickup_address,
    'beantragt', p_inspection_consent IS NOT NULL, p_courtesy_until IS NOT NULL);
  PERFORM hold_resources(p_id, v_ids, p_date, p_time, p_duration_minutes, cardinality(p_kinds), p_courtesy_until, p_time_zone);

  INSERT INTO email_outbox (id, recipient, reply_to, template, params, message_id, appointment_id)
  SELECT e.id, e.recipient, e.reply_to, e.template, e.params, e.message_id, p_id
  FROM jsonb_to_recordset(p_emails)
    AS e(id uuid, recipient text, reply_to text, template text, params jsonb, message_id text);

  INSERT INTO customer_links (token_hash, appointment_id) VALUES (p_link_hash, p_id);

  -- One consent per address and car (decision 036): a new tick renews the stored one with this
  -- booking's words, time, name and registration and makes it this booking's; one withdrawn before
  -- is given anew. The due month last reminded of stays, so a month is never reminded of twice.
  IF p_inspection_consent IS NOT NULL THEN
    INSERT INTO inspection_reminders (id, name, email, license_plate, car_key, first_registration, consent_text, consented_at,
      appointment_id)
    VALUES ((p_inspection_consent->>'id')::uuid, p_name, p_email, p_license_plate,
      inspection_car_key(p_license_plate_normalized, p_first_registration), p_first_registration,
      p_inspection_consent->>'consent_text', (p_inspection_consent->>'consented_at')::timestamptz, p_id)
    ON CONFLICT ((lower(email)), car_key) DO UPDATE SET
      name = excluded.name,
      email = excluded.email,
      license_plate = excluded.license_plate,
      first_registration = excluded.first_registration,
      consent_text = excluded.consent_text,
      consented_at = excluded.consented_at,
      appointment_id = excluded.appointment_id,
      unsubscribed_at = NULL;
  END IF;

  RETURN 'created';
END;
$$;
