CREATE TABLE "finding_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finding_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"urgency" text NOT NULL,
	"decision" text NOT NULL,
	"decided_by" text NOT NULL,
	"admin_user_id" uuid,
	"admin_name" text,
	"client_ip_hash" text,
	"submission_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_decisions_decision_check" CHECK ("finding_decisions"."decision" in ('approved', 'declined')),
	CONSTRAINT "finding_decisions_decided_by_check" CHECK ("finding_decisions"."decided_by" in ('customer', 'admin')),
	CONSTRAINT "finding_decisions_who_check" CHECK (("finding_decisions"."decided_by" = 'admin') = ("finding_decisions"."admin_user_id" is not null) and ("finding_decisions"."decided_by" = 'customer') = ("finding_decisions"."client_ip_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "finding_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finding_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_photos_content_type_check" CHECK ("finding_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "finding_photos_size_check" CHECK ("finding_photos"."width" between 1 and 1600 and "finding_photos"."height" between 1 and 1600),
	CONSTRAINT "finding_photos_position_check" CHECK ("finding_photos"."position" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"urgency" text NOT NULL,
	"created_by" uuid,
	"replaces_id" uuid,
	"sent_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "findings_urgency_check" CHECK ("findings"."urgency" in ('now', 'soon', 'watch')),
	CONSTRAINT "findings_price_check" CHECK ("findings"."price_cents" between 0 and 10000000),
	CONSTRAINT "findings_title_check" CHECK (length("findings"."title") between 1 and 120),
	CONSTRAINT "findings_description_check" CHECK (length("findings"."description") <= 2000),
	CONSTRAINT "findings_withdrawn_check" CHECK ("findings"."withdrawn_at" is null or "findings"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "estimate_cents" integer;--> statement-breakpoint
ALTER TABLE "finding_decisions" ADD CONSTRAINT "finding_decisions_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_decisions" ADD CONSTRAINT "finding_decisions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_photos" ADD CONSTRAINT "finding_photos_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_photos" ADD CONSTRAINT "finding_photos_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_decisions_finding_idx" ON "finding_decisions" USING btree ("finding_id","id");--> statement-breakpoint
CREATE INDEX "finding_decisions_appointment_idx" ON "finding_decisions" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finding_photos_position_idx" ON "finding_photos" USING btree ("finding_id","position");--> statement-breakpoint
CREATE INDEX "finding_photos_appointment_idx" ON "finding_photos" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "findings_appointment_idx" ON "findings" USING btree ("appointment_id","created_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_estimate_check" CHECK ("appointments"."estimate_cents" between 0 and 10000000);--> statement-breakpoint
-- Hand-written (decision 040): a decision on a finding is a record that is never changed or deleted
-- while its appointment exists. UPDATE is always refused. DELETE is allowed only when the appointment
-- is gone already, i.e. when it runs as the cascade of the appointment's own deletion (retention, delete):
-- the cascade's delete runs after the appointment's row is deleted, so the look-up no longer sees it.
-- A finding with decisions cannot be deleted either (its cascade to the records is refused), only withdrawn.
CREATE FUNCTION finding_decisions_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM appointments WHERE id = OLD.appointment_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'finding_decisions is insert-only: % refused (decision 040)', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER finding_decisions_insert_only BEFORE UPDATE OR DELETE ON finding_decisions
  FOR EACH ROW EXECUTE FUNCTION finding_decisions_insert_only();--> statement-breakpoint
-- TRUNCATE of the records alone is refused; truncating the appointments (with CASCADE) takes them
-- along like their deletion: checked after the statement, when a truncated appointments table is empty.
CREATE FUNCTION finding_decisions_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appointments) THEN
    RAISE EXCEPTION 'finding_decisions is insert-only: TRUNCATE refused while appointments exist (decision 040)'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER finding_decisions_no_truncate AFTER TRUNCATE ON finding_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION finding_decisions_no_truncate();
