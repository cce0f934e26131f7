CREATE TYPE "public"."extension_status" AS ENUM('ordered', 'applied', 'refused', 'lapsed');--> statement-breakpoint
ALTER TYPE "public"."capture_target" ADD VALUE 'extension';--> statement-breakpoint
ALTER TYPE "public"."payment_purpose" ADD VALUE 'extension';--> statement-breakpoint
CREATE TABLE "booking_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"insurance_paise" integer DEFAULT 0 NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" "extension_status" DEFAULT 'ordered' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "booking_extensions_days" CHECK ("booking_extensions"."days" between 1 and 7),
	CONSTRAINT "booking_extensions_amount" CHECK ("booking_extensions"."amount_paise" > 0 and "booking_extensions"."amount_paise" = "booking_extensions"."subtotal_paise" + "booking_extensions"."insurance_paise"),
	CONSTRAINT "booking_extensions_decided" CHECK (("booking_extensions"."status" = 'ordered') = ("booking_extensions"."decided_at" is null)
        and ("booking_extensions"."status" = 'refused') = ("booking_extensions"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "booking_extensions" ADD CONSTRAINT "booking_extensions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extensions" ADD CONSTRAINT "booking_extensions_order_id_payments_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_extensions_order_unique" ON "booking_extensions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "booking_extensions_booking_idx" ON "booking_extensions" USING btree ("booking_id","created_at");