-- Issue 28, "How it ended" and "A waiting list for full days" (decision 044).
-- The car's progress gains 'collected' ('Abgeholt').
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_progress_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_progress_check" CHECK ("appointments"."progress" in ('arrived', 'in_progress', 'ready', 'collected'));--> statement-breakpoint
-- 'Nicht erschienen': when and by whom; a car that arrived is no no-show.
ALTER TABLE "appointments" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "no_show_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_show_by_admin_users_id_fk" FOREIGN KEY ("no_show_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_show_check" CHECK ("appointments"."no_show_at" is null or "appointments"."progress" is null);--> statement-breakpoint
-- A phone number as the board compares it: digits only, +43 / 0043 written as the national 0.
CREATE FUNCTION phone_key(p_phone text) RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN d LIKE '0043%' THEN '0' || substr(d, 5)
    WHEN d LIKE '43%' AND p_phone ~ '^\s*\+' THEN '0' || substr(d, 3)
    ELSE d
  END
  FROM (SELECT regexp_replace(p_phone, '[^0-9]', '', 'g') AS d) AS digits
$$;--> statement-breakpoint
-- The appointment page's earlier visits (same plate, address or phone) and the board's earlier no-shows: indexed look-ups.
CREATE INDEX "appointments_email_lower_idx" ON "appointments" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "appointments_phone_key_idx" ON "appointments" USING btree (phone_key("phone"));--> statement-breakpoint
CREATE INDEX "appointments_plate_idx" ON "appointments" USING btree ("license_plate_normalized") WHERE "appointments"."license_plate_normalized" is not null;--> statement-breakpoint
CREATE INDEX "appointments_no_show_email_idx" ON "appointments" USING btree (lower("email")) WHERE "appointments"."no_show_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_no_show_phone_idx" ON "appointments" USING btree (phone_key("phone")) WHERE "appointments"."no_show_at" is not null;--> statement-breakpoint
-- The waiting list of a fully booked day: one entry per day and address.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date" date NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_date_email_idx" ON "waitlist_entries" USING btree ("date", lower("email"));--> statement-breakpoint
-- Who was told of which freed time (one e-mail per entry and freed time), with the e-mail's link to leave the list.
CREATE TABLE "waitlist_notifications" (
	"entry_id" uuid NOT NULL,
	"freed_key" text NOT NULL,
	"leave_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_notifications_entry_id_freed_key_pk" PRIMARY KEY("entry_id","freed_key")
);
--> statement-breakpoint
ALTER TABLE "waitlist_notifications" ADD CONSTRAINT "waitlist_notifications_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_notifications_token_idx" ON "waitlist_notifications" USING btree ("leave_token_hash");
