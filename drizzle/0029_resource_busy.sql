-- Hand-written (decision 046): what each resource is busy with, per day, kept by the database from
-- the active holds, so that the slots and the calendar read a few rows per day instead of every hold.
-- A day here is a UTC date (the zone is not the database's business): the readers convert to the
-- workshop's wall clock. `busy` is the union of the resource's active holds that start on that UTC
-- date, in minutes since the Unix epoch; active holds of one resource never overlap (the exclusion
-- constraint appointment_resources_no_overlap), so adding a hold adds its range and ending it
-- subtracts exactly its range.
CREATE TABLE "resource_busy" (
	"resource_id" uuid NOT NULL,
	"day" date NOT NULL,
	"busy" int4multirange NOT NULL,
	CONSTRAINT "resource_busy_resource_id_day_pk" PRIMARY KEY("resource_id","day")
);
--> statement-breakpoint
ALTER TABLE "resource_busy" ADD CONSTRAINT "resource_busy_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_busy_day_idx" ON "resource_busy" USING btree ("day");--> statement-breakpoint
-- Whole minutes, and at most a day, for every new hold: the summary counts in minutes, and the
-- readers look one day around the range they are asked for. NOT VALID: rows from before are not
-- re-checked (every path has always written whole minutes within a day).
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_whole_minutes_check"
	CHECK (date_trunc('minute', "starts_at") = "starts_at" AND date_trunc('minute', "ends_at") = "ends_at"
		AND "ends_at" - "starts_at" <= interval '1 day') NOT VALID;--> statement-breakpoint
CREATE FUNCTION epoch_minute(p_instant timestamptz) RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$ SELECT (extract(epoch from p_instant) / 60)::integer $$;
--> statement-breakpoint
-- One statement's changes at once (transition tables): an import or a first start placing a
-- thousand appointments updates each resource's day once. Ended holds first, then new ones, so an
-- UPDATE that moves a hold within a day leaves exactly its new range.
CREATE FUNCTION resource_busy_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE resource_busy b SET busy = b.busy - ended.spans
		FROM (
			SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date AS day,
				range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at))) AS spans
			FROM ended_holds WHERE active GROUP BY 1, 2
		) AS ended
		WHERE b.resource_id = ended.resource_id AND b.day = ended.day;
		DELETE FROM resource_busy b
		WHERE isempty(b.busy) AND (b.resource_id, b.day) IN (
			SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date FROM ended_holds WHERE active);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO resource_busy AS b (resource_id, day, busy)
		SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date,
			range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at)))
		FROM new_holds WHERE active GROUP BY 1, 2
		ON CONFLICT (resource_id, day) DO UPDATE SET busy = b.busy + excluded.busy;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointment_resources_busy_insert AFTER INSERT ON appointment_resources
	REFERENCING NEW TABLE AS new_holds FOR EACH STATEMENT EXECUTE FUNCTION resource_busy_apply();--> statement-breakpoint
CREATE TRIGGER appointment_resources_busy_update AFTER UPDATE ON appointment_resources
	REFERENCING OLD TABLE AS ended_holds NEW TABLE AS new_holds FOR EACH STATEMENT EXECUTE FUNCTION resource_busy_apply();--> statement-breakpoint
CREATE TRIGGER appointment_resources_busy_delete AFTER DELETE ON appointment_resources
	REFERENCING OLD TABLE AS ended_holds FOR EACH STATEMENT EXECUTE FUNCTION resource_busy_apply();--> statement-breakpoint
INSERT INTO resource_busy (resource_id, day, busy)
SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date, range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at)))
FROM appointment_resources WHERE active GROUP BY 1, 2;
--> statement-breakpoint
-- The free resources of p_kind for [p_starts, p_ends) on p_date in the order of choosing: free_resource's
-- rule of 0022 (active, no overlapping active hold but p_except's, not absent; the one used least that
-- day, then the oldest), now as a list.
CREATE FUNCTION free_resources(
  p_kind text,
  p_starts timestamptz,
  p_ends timestamptz,
  p_date date,
  p_time_zone text,
  p_except uuid
) RETURNS TABLE (id uuid, choice bigint)
LANGUAGE sql
STABLE
AS $$
  SELECT r.id, row_number() OVER (ORDER BY (
    SELECT coalesce(sum(h.ends_at - h.starts_at), interval '0')
    FROM appointment_resources h
    WHERE h.resource_id = r.id AND h.active
      AND h.starts_at >= workshop_instant(p_date, '00:00', p_time_zone)
      AND h.starts_at < workshop_instant(p_date + 1, '00:00', p_time_zone)
  ), r.created_at, r.id)
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
$$;
--> statement-breakpoint
-- The one rule of choosing (0022) with one addition (decision 046): a resource that another
-- transaction is placing work on that day at this moment (its lock 31009 taken) is passed over for
-- the next in order, so bookings of one day running together spread over the lifts and mechanics
-- instead of queueing for the same one. Only when every free one is being placed on does it wait for
-- the first and then choose anew. The lock is held to the end of the transaction.
CREATE OR REPLACE FUNCTION free_resource(
  p_kind text,
  p_starts timestamptz,
  p_ends timestamptz,
  p_date date,
  p_time_zone text,
  p_except uuid
) RETURNS uuid
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_id uuid;
  v_first uuid;
BEGIN
  FOR v_id IN SELECT f.id FROM free_resources(p_kind, p_starts, p_ends, p_date, p_time_zone, p_except) AS f ORDER BY f.choice LOOP
    IF pg_try_advisory_xact_lock(31009, hashtext(v_id::text || p_date::text)) THEN
      RETURN v_id;
    END IF;
    v_first := coalesce(v_first, v_id);
  END LOOP;
  IF v_first IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(31009, hashtext(v_first::text || p_date::text));
  SELECT f.id INTO v_id FROM free_resources(p_kind, p_starts, p_ends, p_date, p_time_zone, p_except) AS f ORDER BY f.choice LIMIT 1;
  RETURN v_id;
END;
$$;
--> statement-breakpoint
-- Calls free_resource, which now takes locks: no longer STABLE.
ALTER FUNCTION pick_resources(date, text, integer, text[], text, text, uuid) VOLATILE;
--> statement-breakpoint
-- request_appointment as in 0022, with the day's lock shared (decision 046): bookings of one day
-- choose in parallel, and the exclusion constraint appointment_resources_no_overlap, already the last
-- line of defence, decides between two that chose the same resource; the later one chooses again.
-- Pick-ups per day keep a lock of their own (31008). Same signature: CREATE OR REPLACE.
CREATE OR REPLACE FUNCTION request_appointment(
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
  v_rounds integer := 0;
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
  -- The day's lock of every placement, shared (decision 046): bookings of one day no longer wait
  -- for each other; a confirmation, a move, an absence or a change of holds takes it alone and so
  -- sees no booking half-placed. Two bookings that choose the same resource for overlapping times
  -- meet at the exclusion constraint below, and the later one chooses again.
  PERFORM pg_advisory_xact_lock_shared(31007, hashtext(p_date::text));
  -- The day's pick-ups are counted, so counted one booking at a time (only bookings with a pick-up wait).
  IF p_handover = 'pickup' THEN
    PERFORM pg_advisory_xact_lock(31008, hashtext(p_date::text));
  END IF;

  IF (SELECT count(*) FROM appointments
      WHERE lower(email) = lower(p_email) AND status = 'beantragt' AND date >= p_today) >= p_max_open_per_email THEN
    RETURN 'too-many-open';
  END IF;

  IF p_handover = 'pickup' AND (SELECT count(*) FROM appointments
      WHERE date = p_date AND handover = 'pickup' AND status IN ('beantragt', 'bestätigt')) >= p_max_pickups_per_day THEN
    RETURN 'pickups-full';
  END IF;

  LOOP
    -- A free resource of every kind the work needs for its whole duration, and the car (decision 039).
    v_ids := pick_resources(p_date, p_time, p_duration_minutes, p_kinds, p_courtesy_until, p_time_zone, NULL);
    IF v_ids IS NULL THEN
      RETURN 'slot-taken';
    END IF;
    IF p_courtesy_until IS NOT NULL AND cardinality(v_ids) = cardinality(p_kinds) THEN
      RETURN 'courtesy-car-taken';
    END IF;
    BEGIN
      INSERT INTO appointments (id, name, email, phone, date, time, service, message, duration_minutes,
        license_plate, license_plate_normalized, vehicle_model, mileage_km, first_registration, handover, pickup_address, status,
        inspection_consent, courtesy_car)
      VALUES (p_id, p_name, p_email, p_phone, p_date, p_time, p_service, p_message, p_duration_minutes,
        p_license_plate, p_license_plate_normalized, p_vehicle_model, p_mileage_km, p_first_registration, p_handover, p_pickup_address,
        'beantragt', p_inspection_consent IS NOT NULL, p_courtesy_until IS NOT NULL);
      PERFORM hold_resources(p_id, v_ids, p_date, p_time, p_duration_minutes, cardinality(p_kinds), p_courtesy_until, p_time_zone);
      EXIT;
    EXCEPTION WHEN exclusion_violation OR deadlock_detected THEN
      -- A booking of the same day took one of the chosen resources first (and committed): the
      -- appointment and its holds are undone; choose again among what is free now. Each round sees
      -- at least one more resource taken, so the rounds end.
      v_rounds := v_rounds + 1;
      IF v_rounds > 100 THEN
        RAISE;
      END IF;
    END;
  END LOOP;

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
