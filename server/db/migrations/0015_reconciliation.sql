CREATE TABLE "reconciliation_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"order_id" bigint,
	"refund_id" bigint,
	"statement_row_id" bigint,
	"code" smallint,
	"diff" jsonb
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand" varchar(20) NOT NULL,
	"business_day" date NOT NULL,
	"source" varchar(10) NOT NULL,
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"status" varchar(10) NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"refusal_line" integer,
	"refusal_reason" varchar(20),
	"refusal_detail" varchar(500),
	"holding_days" smallint NOT NULL,
	"holding_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"replaces_run_id" bigint,
	"replaced_by_run_id" bigint,
	CONSTRAINT "reconciliation_runs_status_ck" CHECK ("reconciliation_runs"."status" in ('matched', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "statement_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"brand_order_no" varchar(64),
	"gateway_order_no" varchar(64),
	"brand_refund_no" varchar(64),
	"gateway_refund_no" varchar(64),
	"status" varchar(8) NOT NULL,
	"status_raw" varchar(40) NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint,
	"currency" varchar(3) NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"order_id" bigint,
	"refund_id" bigint
);
--> statement-breakpoint
CREATE INDEX "reconciliation_results_run_idx" ON "reconciliation_results" USING btree ("run_id","code");--> statement-breakpoint
CREATE INDEX "reconciliation_results_order_idx" ON "reconciliation_results" USING btree ("order_id") WHERE "reconciliation_results"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_current_uq" ON "reconciliation_runs" USING btree ("brand","business_day") WHERE "reconciliation_runs"."replaced_by_run_id" is null;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_day_idx" ON "reconciliation_runs" USING btree ("business_day","brand");--> statement-breakpoint
CREATE INDEX "statement_rows_run_idx" ON "statement_rows" USING btree ("run_id","line");--> statement-breakpoint
CREATE INDEX "refunds_brand_no_idx" ON "refunds" USING btree ("brand_refund_no") WHERE "refunds"."brand_refund_no" <> '';