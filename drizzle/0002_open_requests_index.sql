DROP INDEX "appointments_email_idx";--> statement-breakpoint
CREATE INDEX "appointments_open_email_idx" ON "appointments" USING btree (lower("email")) WHERE "appointments"."status" = 'beantragt';
