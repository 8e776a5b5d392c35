CREATE TABLE "statement_fetches" (
	"brand" varchar(20) NOT NULL,
	"business_day" date NOT NULL,
	"state" varchar(8) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" varchar(255),
	"import_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_fetches_brand_business_day_pk" PRIMARY KEY("brand","business_day")
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" varchar(10) NOT NULL,
	"brand" varchar(20),
	"business_day" date,
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"content_hash" varchar(64) DEFAULT '' NOT NULL,
	"content" "bytea",
	"status" varchar(10) NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"run_id" bigint,
	"unchanged" boolean DEFAULT false NOT NULL,
	"refusal_line" integer,
	"refusal_reason" varchar(20),
	"refusal_detail" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_imports_status_ck" CHECK ("statement_imports"."status" in ('queued', 'parsing', 'matching', 'done', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD COLUMN "resolution" varchar(12);--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD COLUMN "resolution_comment" varchar(500);--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD COLUMN "resolved_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "statement_fetches_due_idx" ON "statement_fetches" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "statement_imports_status_idx" ON "statement_imports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "statement_imports_day_idx" ON "statement_imports" USING btree ("business_day","brand");--> statement-breakpoint
-- The payment-history pages of reconciliation for every role that has the payment history, on a
-- database whose role routes were seeded before they existed (a fresh one is seeded from the contract).
INSERT INTO "role_routes" ("operator_type", "route_path")
  SELECT DISTINCT r."operator_type", p."path" FROM "role_routes" r
  CROSS JOIN (VALUES ('/history/walletCheck'), ('/history/walletTrade'), ('/history/walletBill'),
    ('/history/paypayCheck'), ('/history/paypayTrade'), ('/history/paypayBill')) AS p("path")
  WHERE r."route_path" = '/history'
  ON CONFLICT DO NOTHING;
