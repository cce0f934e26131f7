CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"params" jsonb NOT NULL,
	"event_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_status" CHECK ("whatsapp_messages"."status" in ('pending', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "whatsapp_messages_language" CHECK ("whatsapp_messages"."language" in ('en', 'hi'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opted_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_verifications" ADD CONSTRAINT "whatsapp_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_event_key" ON "whatsapp_messages" USING btree ("event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_id" ON "whatsapp_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_verifications_user_created_idx" ON "whatsapp_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_whatsapp_phone_idx" ON "users" USING btree ("whatsapp_phone") WHERE "users"."whatsapp_phone" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_opt_in" CHECK ("users"."whatsapp_opted_in_at" is null or "users"."whatsapp_phone" is not null);