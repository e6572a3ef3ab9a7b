-- Several services in one visit (issue 28, decision 045). `service` stays the first service (the
-- CSV, the import and every older path read and write it); the further ones, in the order asked
-- for, are `additional_services`. Every appointment stored so far has one service: an empty list.
-- The visit's duration (duration_minutes) and its holds already cover all of them.
CREATE FUNCTION texts_distinct(p_values text[]) RETURNS boolean
LANGUAGE sql
IMMUTABLE
AS $$ SELECT count(*) = count(DISTINCT v) FROM unnest(p_values) AS v $$;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "additional_services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- None twice, the first (service) not again, no empty or missing name, a list of at most 20.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_additional_services_check" CHECK (
  array_position("appointments"."additional_services", "appointments"."service") IS NULL
  AND array_position("appointments"."additional_services", NULL) IS NULL
  AND array_position("appointments"."additional_services", '') IS NULL
  AND cardinality("appointments"."additional_services") <= 20
  AND texts_distinct("appointments"."additional_services"));
