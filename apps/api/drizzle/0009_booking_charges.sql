CREATE TYPE "public"."charge_kind" AS ENUM('late-fee', 'purchase', 'damage');--> statement-breakpoint
CREATE TYPE "public"."charge_status" AS ENUM('due', 'paid', 'waived');--> statement-breakpoint
CREATE TABLE "booking_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"booking_item_id" uuid NOT NULL,
	"kind" charge_kind NOT NULL,
	"day" date,
	"amount_paise" integer NOT NULL,
	"status" charge_status DEFAULT 'due' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"waived_by" text,
	"waive_reason" text,
	CONSTRAINT "booking_charges_amount_positive" CHECK ("booking_charges"."amount_paise" > 0),
	CONSTRAINT "booking_charges_day_of_late_fee" CHECK (("booking_charges"."kind" = 'late-fee') = ("booking_charges"."day" is not null)),
	CONSTRAINT "booking_charges_settled" CHECK (("booking_charges"."status" = 'due') = ("booking_charges"."settled_at" is null)
        and ("booking_charges"."status" = 'waived') = ("booking_charges"."waive_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_booking_item_id_booking_items_id_fk" FOREIGN KEY ("booking_item_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_charges_booking_idx" ON "booking_charges" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_charges_late_day_unique" ON "booking_charges" USING btree ("booking_item_id","day") WHERE "booking_charges"."kind" = 'late-fee';--> statement-breakpoint
CREATE UNIQUE INDEX "booking_charges_once_per_item" ON "booking_charges" USING btree ("booking_item_id","kind") WHERE "booking_charges"."kind" <> 'late-fee';--> statement-breakpoint
-- Hand-written: a charge's amount, kind and line never change, and it is settled once (due →
-- paid or waived); a settled charge stays as it was.
CREATE FUNCTION "booking_charges_settled_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_paise IS DISTINCT FROM OLD.amount_paise
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.booking_item_id IS DISTINCT FROM OLD.booking_item_id
    OR NEW.booking_id IS DISTINCT FROM OLD.booking_id
    OR NEW.day IS DISTINCT FROM OLD.day
    OR (OLD.status <> 'due' AND (NEW.status IS DISTINCT FROM OLD.status
      OR NEW.settled_at IS DISTINCT FROM OLD.settled_at))
  THEN
    RAISE EXCEPTION 'a charge is settled once and its amount never changes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_charges_settled_once';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_charges_settled_once" BEFORE UPDATE ON "booking_charges"
  FOR EACH ROW EXECUTE FUNCTION "booking_charges_settled_once"();
