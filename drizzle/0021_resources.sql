CREATE TABLE "appointment_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_resources_range_check" CHECK ("appointment_resources"."starts_at" < "appointment_resources"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind_check" CHECK ("resources"."kind" in ('lift', 'inspection', 'mechanic', 'courtesy_car')),
	CONSTRAINT "resources_name_check" CHECK (length("resources"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_resources_appointment_idx" ON "appointment_resources" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_resources_resource_idx" ON "appointment_resources" USING btree ("resource_id");--> statement-breakpoint
-- Hand-written (drizzle-kit expresses neither the extension nor an exclusion constraint); decision 038.
-- btree_gist: a GiST index over the resource's uuid (=) and the hold's time range (&&). PostgreSQL
-- ships it in contrib; PGlite loads it as @electric-sql/pglite/contrib/btree_gist (app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- No two active holds of one resource overlap in time: whatever code inserts them, the database
-- refuses a double booking (SQLSTATE 23P01). Half-open ranges, so one hold may end when the next starts.
ALTER TABLE "appointment_resources" ADD CONSTRAINT "appointment_resources_no_overlap"
	EXCLUDE USING gist ("resource_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("active");--> statement-breakpoint
-- A hold ends when its appointment is cancelled (by the board, the customer, a closure's 'Alle
-- stornieren', the import): set here, so no path can forget it. Deleting goes by the cascade.
CREATE FUNCTION appointment_resources_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE appointment_resources SET active = false WHERE appointment_id = NEW.id AND active;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER appointments_release_resources
	AFTER UPDATE OF status ON appointments
	FOR EACH ROW WHEN (NEW.status = 'storniert' AND OLD.status IS DISTINCT FROM 'storniert')
	EXECUTE FUNCTION appointment_resources_release();
