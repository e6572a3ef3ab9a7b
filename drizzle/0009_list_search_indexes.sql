-- The board's search through trigram indexes. pg_trgm is a trusted extension (PostgreSQL 13+: the
-- database owner may create it) and PGlite ships it (loaded in app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "appointments_name_trgm_idx" ON "appointments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_email_trgm_idx" ON "appointments" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_phone_trgm_idx" ON "appointments" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_phone_digits_trgm_idx" ON "appointments" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_plate_trgm_idx" ON "appointments" USING gin ("license_plate_normalized" gin_trgm_ops);