CREATE TABLE "customer_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"license_plate" text,
	"first_registration" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"last_reminded_due_month" text,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "inspection_reminders_first_registration_check" CHECK ("inspection_reminders"."first_registration" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "inspection_unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reminder_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "progress" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "progress_by" uuid;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reminders" ADD CONSTRAINT "inspection_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_unsubscribe_tokens" ADD CONSTRAINT "inspection_unsubscribe_tokens_reminder_id_inspection_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."inspection_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_links_appointment_idx" ON "customer_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "inspection_reminders_active_idx" ON "inspection_reminders" USING btree ("first_registration") WHERE "inspection_reminders"."unsubscribed_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_progress_by_admin_users_id_fk" FOREIGN KEY ("progress_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_reminder_due_idx" ON "appointments" USING btree ("date","time") WHERE "appointments"."status" = 'bestätigt' and "appointments"."reminder_queued_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_check" CHECK ("appointments"."cancelled_by" in ('workshop', 'customer'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_progress_check" CHECK ("appointments"."progress" in ('arrived', 'in_progress', 'ready'));
--> statement-breakpoint
-- Appointments confirmed before this migration: the time of their confirmation from the audit trail.
UPDATE "appointments" AS a SET "confirmed_at" = coalesce(
  (SELECT max(l."created_at") FROM "audit_log" AS l WHERE l."appointment_id" = a."id" AND l."action" = 'confirm'), a."updated_at")
WHERE a."status" = 'bestätigt';
--> statement-breakpoint
UPDATE "appointments" SET "cancelled_by" = 'workshop' WHERE "status" = 'storniert';
--> statement-breakpoint
-- request_appointment (decisions 010, 017) also stores the receipt's personal link and,
-- when given, the §57a reminder's consent, in the same round trip (issue 16, decision 020).
DROP FUNCTION request_appointment(uuid, text, text, text, date, text, text, text, integer, text[], text, text, text, integer, text, text, text, integer, integer, integer, jsonb);
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
  p_inspection_consent jsonb
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

  INSERT INTO customer_links (token_hash, appointment_id) VALUES (p_link_hash, p_id);

  IF p_inspection_consent IS NOT NULL THEN
    INSERT INTO inspection_reminders (id, name, email, license_plate, first_registration, consent_text, consented_at, appointment_id)
    VALUES ((p_inspection_consent->>'id')::uuid, p_name, p_email, p_license_plate, p_first_registration,
      p_inspection_consent->>'consent_text', (p_inspection_consent->>'consented_at')::timestamptz, p_id);
  END IF;

  RETURN 'created';
END;
$$;
