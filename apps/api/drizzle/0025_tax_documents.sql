CREATE TYPE "public"."supply_type" AS ENUM('intra-state', 'inter-state');--> statement-breakpoint
CREATE TYPE "public"."tax_document_kind" AS ENUM('invoice', 'credit-note');--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"kind" "tax_document_kind" NOT NULL,
	"financial_year" integer NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_document_counters_serial_positive" CHECK ("tax_document_counters"."last_serial" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "tax_document_kind" NOT NULL,
	"financial_year" integer NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"booking_id" uuid,
	"capture_id" uuid NOT NULL,
	"refund_id" uuid,
	"original_id" uuid,
	"supply" "supply_type" NOT NULL,
	"rate_percent" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "tax_documents_serial_positive" CHECK ("tax_documents"."serial" > 0),
	CONSTRAINT "tax_documents_amounts" CHECK ("tax_documents"."total_paise" > 0 and "tax_documents"."taxable_paise" >= 0 and "tax_documents"."cgst_paise" >= 0
        and "tax_documents"."sgst_paise" >= 0 and "tax_documents"."igst_paise" >= 0
        and "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" = "tax_documents"."total_paise"
        and ("tax_documents"."supply" = 'intra-state' and "tax_documents"."igst_paise" = 0
          or "tax_documents"."supply" = 'inter-state' and "tax_documents"."cgst_paise" = 0 and "tax_documents"."sgst_paise" = 0)),
	CONSTRAINT "tax_documents_kind_refers" CHECK (("tax_documents"."kind" = 'invoice' and "tax_documents"."refund_id" is null and "tax_documents"."original_id" is null)
        or ("tax_documents"."kind" = 'credit-note' and "tax_documents"."refund_id" is not null and "tax_documents"."original_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_capture_id_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."captures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_original_id_tax_documents_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_kind_number_unique" ON "tax_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_serial_unique" ON "tax_documents" USING btree ("kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_per_payment" ON "tax_documents" USING btree ("capture_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_credit_note_per_refund" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_idx" ON "tax_documents" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
-- Hand-written from here: what Drizzle cannot express.
--
-- An issued tax document is kept as it was issued (decision 081): never deleted, never changed,
-- except that its links to a deleted account (set null by the foreign key) may be forgotten.
CREATE FUNCTION "tax_documents_kept_as_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.financial_year IS DISTINCT FROM OLD.financial_year
    OR NEW.serial IS DISTINCT FROM OLD.serial
    OR NEW.number IS DISTINCT FROM OLD.number
    OR NEW.issue_date IS DISTINCT FROM OLD.issue_date
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
    OR (NEW.user_id IS DISTINCT FROM OLD.user_id AND NEW.user_id IS NOT NULL)
    OR NEW.booking_id IS DISTINCT FROM OLD.booking_id
    OR NEW.capture_id IS DISTINCT FROM OLD.capture_id
    OR NEW.refund_id IS DISTINCT FROM OLD.refund_id
    OR NEW.original_id IS DISTINCT FROM OLD.original_id
    OR NEW.supply IS DISTINCT FROM OLD.supply
    OR NEW.rate_percent IS DISTINCT FROM OLD.rate_percent
    OR NEW.taxable_paise IS DISTINCT FROM OLD.taxable_paise
    OR NEW.cgst_paise IS DISTINCT FROM OLD.cgst_paise
    OR NEW.sgst_paise IS DISTINCT FROM OLD.sgst_paise
    OR NEW.igst_paise IS DISTINCT FROM OLD.igst_paise
    OR NEW.total_paise IS DISTINCT FROM OLD.total_paise
    OR NEW.document IS DISTINCT FROM OLD.document
  THEN
    RAISE EXCEPTION 'an issued tax document is kept as it was issued'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tax_documents_kept_as_issued';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_kept_as_issued" BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_kept_as_issued"();
