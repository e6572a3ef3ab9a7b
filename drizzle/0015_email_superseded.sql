-- Issue 31, finding 4: an e-mail the appointment's state overtook before it went out is kept, marked superseded, never sent.
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed', 'superseded'));