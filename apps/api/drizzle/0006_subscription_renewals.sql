CREATE TABLE "sandbox_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"method" text NOT NULL,
	"renewals" text DEFAULT 'succeed' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_mandates" ADD CONSTRAINT "sandbox_mandates_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_unique" ON "subscriptions" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_idempotency_unique" UNIQUE("idempotency_key");