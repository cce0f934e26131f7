CREATE TYPE "public"."capture_outcome" AS ENUM('applied', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."capture_target" AS ENUM('booking', 'plan');--> statement-breakpoint
CREATE TABLE "captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"outcome" "capture_outcome" NOT NULL,
	"applied_to" "capture_target",
	"booking_id" uuid,
	"subscription_id" uuid,
	"reason" text,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "captures_amount_positive" CHECK ("captures"."amount_paise" > 0),
	CONSTRAINT "captures_refunds_within_amount" CHECK ("captures"."refunded_paise" >= 0 and "captures"."refunded_paise" <= "captures"."amount_paise"),
	CONSTRAINT "captures_outcome_target" CHECK (("captures"."outcome" = 'applied' and "captures"."applied_to" is not null and "captures"."reason" is null
          and num_nonnulls("captures"."booking_id", "captures"."subscription_id") <= 1
          and ("captures"."applied_to" = 'booking' or "captures"."booking_id" is null)
          and ("captures"."applied_to" = 'plan' or "captures"."subscription_id" is null))
        or ("captures"."outcome" = 'refunded' and "captures"."applied_to" is null and "captures"."reason" is not null
          and "captures"."booking_id" is null and "captures"."subscription_id" is null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconcile_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "capture_id" uuid;--> statement-breakpoint
ALTER TABLE "captures" ADD CONSTRAINT "captures_order_id_payments_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captures" ADD CONSTRAINT "captures_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captures" ADD CONSTRAINT "captures_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captures_provider_payment_unique" ON "captures" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "captures_one_per_booking" ON "captures" USING btree ("booking_id") WHERE "captures"."outcome" = 'applied';--> statement-breakpoint
CREATE UNIQUE INDEX "captures_one_per_period" ON "captures" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "captures_order_idx" ON "captures" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_capture_id_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."captures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_reconcile_idx" ON "payments" USING btree ("reconcile_at");--> statement-breakpoint
CREATE INDEX "refunds_capture_idx" ON "refunds" USING btree ("capture_id");;--> statement-breakpoint
-- Hand-written from here: what Drizzle cannot express, and the payments made before this migration.
--
-- A captured payment's refunds never add up to more than it: every refund row counts against its
-- capture's refunded_paise, which a check keeps within the captured amount.
CREATE FUNCTION "refunds_count_against_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.capture_id IS NOT NULL THEN
    UPDATE captures SET refunded_paise = refunded_paise - OLD.amount_paise WHERE id = OLD.capture_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.capture_id IS NOT NULL THEN
    UPDATE captures SET refunded_paise = refunded_paise + NEW.amount_paise WHERE id = NEW.capture_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_count_against_capture"
  AFTER INSERT OR DELETE OR UPDATE OF capture_id, amount_paise ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "refunds_count_against_capture"();
--> statement-breakpoint
-- A payment's fate is decided once: its outcome, amount and what it was applied to never change
-- (only the period it paid for may be forgotten, with the account that owned it).
CREATE FUNCTION "captures_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome IS DISTINCT FROM OLD.outcome
    OR NEW.applied_to IS DISTINCT FROM OLD.applied_to
    OR NEW.amount_paise IS DISTINCT FROM OLD.amount_paise
    OR NEW.order_id IS DISTINCT FROM OLD.order_id
    OR NEW.provider_payment_id IS DISTINCT FROM OLD.provider_payment_id
    OR NEW.booking_id IS DISTINCT FROM OLD.booking_id
    OR (NEW.subscription_id IS DISTINCT FROM OLD.subscription_id AND NEW.subscription_id IS NOT NULL)
  THEN
    RAISE EXCEPTION 'a captured payment''s fate is decided once'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'captures_decided_once';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "captures_decided_once" BEFORE UPDATE ON "captures"
  FOR EACH ROW EXECUTE FUNCTION "captures_decided_once"();
--> statement-breakpoint
-- A payment that is not applied is refunded in full, in the same transaction that decided so.
CREATE FUNCTION "captures_refunded_in_full"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM captures
    WHERE id = NEW.id AND outcome = 'refunded' AND refunded_paise <> amount_paise
  ) THEN
    RAISE EXCEPTION 'a payment that is not applied must be refunded in full'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'captures_refunded_in_full';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "captures_refunded_in_full" AFTER INSERT OR UPDATE ON "captures"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "captures_refunded_in_full"();
--> statement-breakpoint
-- Payments made before this migration. Applied to a booking: its confirmed payment.
INSERT INTO "captures" ("order_id", "provider", "provider_payment_id", "amount_paise", "currency",
  "method", "outcome", "applied_to", "booking_id", "decided_at")
SELECT p.id, p.provider, b.provider_payment_id, p.amount_paise, p.currency,
  coalesce(nullif(p.method, ''), b.payment_method), 'applied', 'booking', b.id,
  coalesce(b.confirmed_at, p.updated_at)
FROM "bookings" b
JOIN "payments" p ON p.booking_id = b.id AND p.purpose = 'booking'
  AND p.provider_payment_id = b.provider_payment_id
WHERE b.payment_status = 'completed' AND p.amount_paise > 0;
--> statement-breakpoint
-- Applied to a plan period: the payment that bought or renewed it.
INSERT INTO "captures" ("order_id", "provider", "provider_payment_id", "amount_paise", "currency",
  "method", "outcome", "applied_to", "subscription_id", "decided_at")
SELECT p.id, p.provider, p.provider_payment_id, p.amount_paise, p.currency, coalesce(p.method, ''),
  'applied', 'plan', s.id, s.created_at
FROM "subscriptions" s
JOIN "payments" p ON p.id = s.payment_id AND p.provider_payment_id IS NOT NULL
WHERE p.amount_paise > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Refunded and never applied: a payment whose only trace is its refunds (a late or second payment).
INSERT INTO "captures" ("order_id", "provider", "provider_payment_id", "amount_paise", "currency",
  "method", "outcome", "reason", "decided_at")
SELECT r.payment_id, p.provider, r.provider_payment_id, sum(r.amount_paise), p.currency, '',
  'refunded', min(r.reason), min(r.created_at)
FROM "refunds" r
JOIN "payments" p ON p.id = r.payment_id
WHERE NOT EXISTS (
  SELECT 1 FROM "captures" c
  WHERE c.provider = p.provider AND c.provider_payment_id = r.provider_payment_id
)
GROUP BY r.payment_id, p.provider, r.provider_payment_id, p.currency;
--> statement-breakpoint
DO $$
DECLARE
  over record;
BEGIN
  SELECT c.provider_payment_id, c.amount_paise, sum(r.amount_paise) AS refunded INTO over
  FROM "captures" c
  JOIN "payments" p ON p.id = c.order_id
  JOIN "refunds" r ON r.payment_id = p.id AND r.provider_payment_id = c.provider_payment_id
  GROUP BY c.id, c.provider_payment_id, c.amount_paise
  HAVING sum(r.amount_paise) > c.amount_paise
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Payment % was refunded % paise of the % it captured: settle it with the provider and correct its refunds before upgrading',
      over.provider_payment_id, over.refunded, over.amount_paise;
  END IF;
END $$;
--> statement-breakpoint
UPDATE "refunds" r SET "capture_id" = c.id
FROM "payments" p, "captures" c
WHERE p.id = r.payment_id AND c.provider = p.provider
  AND c.provider_payment_id = r.provider_payment_id;
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "capture_id" SET NOT NULL;
--> statement-breakpoint
-- Orders still open are watched by the reconciliation as new ones are: a booking's from the end of
-- its hold, a plan's from 15 minutes after it was opened, for a day.
UPDATE "payments" p SET "reconcile_at" = b.expires_at, "reconcile_until" = p.created_at + interval '1 day'
FROM "bookings" b
WHERE p.booking_id = b.id AND p.status = 'created';
--> statement-breakpoint
UPDATE "payments" SET "reconcile_at" = "created_at" + interval '15 minutes',
  "reconcile_until" = "created_at" + interval '1 day'
WHERE "purpose" = 'subscription' AND "status" = 'created';
