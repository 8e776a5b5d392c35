CREATE TABLE "brand_agent_brands" (
	"brand" varchar(20) PRIMARY KEY NOT NULL,
	"brand_agent_id" integer NOT NULL,
	"fee_rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120) DEFAULT '' NOT NULL,
	"contact_name" varchar(60) DEFAULT '' NOT NULL,
	"contact_email" varchar(120) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"bank_name" varchar(60) DEFAULT '' NOT NULL,
	"bank_code" varchar(10) DEFAULT '' NOT NULL,
	"bank_branch_name" varchar(60) DEFAULT '' NOT NULL,
	"bank_branch_code" varchar(10) DEFAULT '' NOT NULL,
	"bank_account_type" smallint DEFAULT 1 NOT NULL,
	"bank_account_number" varchar(20) DEFAULT '' NOT NULL,
	"bank_account_holder" varchar(60) DEFAULT '' NOT NULL,
	"bank_deposit_type" smallint DEFAULT 1 NOT NULL,
	"bank_address_country" varchar(2) DEFAULT 'JP' NOT NULL,
	"bank_iban" varchar(34) DEFAULT '' NOT NULL,
	"bank_swift" varchar(11) DEFAULT '' NOT NULL,
	"statement_period" varchar(8) DEFAULT 'monthly' NOT NULL,
	"statement_weekday" smallint,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_agents_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "rate_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(12) NOT NULL,
	"company_id" integer,
	"brand_agent_id" integer,
	"brand" varchar(20) NOT NULL,
	"channel" varchar(8) DEFAULT '' NOT NULL,
	"rate" integer,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_issuer" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(120) NOT NULL,
	"registration_no" varchar(14) NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_issuer_one_ck" CHECK ("invoice_issuer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"currency" varchar(3) PRIMARY KEY NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"bank_code" varchar(11) NOT NULL,
	"branch_name" varchar(60) DEFAULT '' NOT NULL,
	"branch_code" varchar(10) DEFAULT '' NOT NULL,
	"deposit_type" smallint DEFAULT 1 NOT NULL,
	"account_number" varchar(34) NOT NULL,
	"holder" varchar(60) NOT NULL,
	"requester_code" varchar(10) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_batch_files" (
	"batch_id" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"format" varchar(8) NOT NULL,
	"file_name" varchar(80) NOT NULL,
	"content" "bytea" NOT NULL,
	"record_count" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "settlement_batch_files_batch_id_currency_pk" PRIMARY KEY("batch_id","currency")
);
--> statement-breakpoint
CREATE TABLE "settlement_batch_items" (
	"batch_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	CONSTRAINT "settlement_batch_items_batch_id_settlement_id_pk" PRIMARY KEY("batch_id","settlement_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_key" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(10) NOT NULL,
	"transfer_date" date NOT NULL,
	"settlement_count" integer NOT NULL,
	"service_provider_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remitted_by" integer,
	"remitted_at" timestamp with time zone,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone,
	"reverse_reason" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "settlement_batches_batch_key_unique" UNIQUE("batch_key"),
	CONSTRAINT "settlement_batches_status_ck" CHECK ("settlement_batches"."status" in ('checkedOut', 'remitted', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "settlement_cursors" (
	"kind" varchar(8) NOT NULL,
	"party_id" integer NOT NULL,
	"brand" varchar(20) DEFAULT '' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"closed_through" date NOT NULL,
	CONSTRAINT "settlement_cursors_kind_party_id_brand_currency_pk" PRIMARY KEY("kind","party_id","brand","currency")
);
--> statement-breakpoint
CREATE TABLE "settlement_orders" (
	"kind" varchar(8) NOT NULL,
	"order_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	CONSTRAINT "settlement_orders_kind_order_id_pk" PRIMARY KEY("kind","order_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_refunds" (
	"kind" varchar(8) NOT NULL,
	"refund_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	CONSTRAINT "settlement_refunds_kind_refund_id_pk" PRIMARY KEY("kind","refund_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"settlement_no" varchar(24) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"party_id" integer NOT NULL,
	"brand" varchar(20) DEFAULT '' NOT NULL,
	"service_provider_id" integer,
	"currency" varchar(3) NOT NULL,
	"period_begin" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"order_count" integer NOT NULL,
	"order_total" bigint NOT NULL,
	"refund_count" integer NOT NULL,
	"refund_total" bigint NOT NULL,
	"commission_total" bigint NOT NULL,
	"rebate_total" bigint DEFAULT 0 NOT NULL,
	"commission_cost" bigint NOT NULL,
	"carried_in" bigint NOT NULL,
	"carried_out" bigint NOT NULL,
	"transfer_commission" bigint NOT NULL,
	"transfer_amount" bigint NOT NULL,
	"fee_bearer" varchar(3) DEFAULT '' NOT NULL,
	"transfer_type" varchar(8) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"payee" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"batch_id" bigint,
	"pay_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_settlement_no_unique" UNIQUE("settlement_no"),
	CONSTRAINT "settlements_status_ck" CHECK ("settlements"."status" in (1, 2)),
	CONSTRAINT "settlements_period_ck" CHECK ("settlements"."period_begin" <= "settlements"."period_end"),
	CONSTRAINT "settlements_transfer_ck" CHECK ("settlements"."transfer_amount" >= 0 or "settlements"."kind" = 'brand')
);
--> statement-breakpoint
CREATE TABLE "transfer_fees" (
	"currency" varchar(3) PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_deposit_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_address_country" varchar(2) DEFAULT 'JP' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_iban" varchar(34) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_swift" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_deposit_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_address_country" varchar(2) DEFAULT 'JP' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_iban" varchar(34) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_swift" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "brand_agent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_rate" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "commission_amount" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "rebate_amount" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "brand_agent_brands" ADD CONSTRAINT "brand_agent_brands_brand_agent_id_brand_agents_id_fk" FOREIGN KEY ("brand_agent_id") REFERENCES "public"."brand_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_brand_agent_id_brand_agents_id_fk" FOREIGN KEY ("brand_agent_id") REFERENCES "public"."brand_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batch_files" ADD CONSTRAINT "settlement_batch_files_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batch_items" ADD CONSTRAINT "settlement_batch_items_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batch_items" ADD CONSTRAINT "settlement_batch_items_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_remitted_by_operators_id_fk" FOREIGN KEY ("remitted_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_reversed_by_operators_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_changes_lookup_idx" ON "rate_changes" USING btree ("kind","company_id","brand","channel","valid_from");--> statement-breakpoint
CREATE INDEX "settlement_batch_items_settlement_idx" ON "settlement_batch_items" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_batches_created_idx" ON "settlement_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "settlement_orders_settlement_idx" ON "settlement_orders" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_refunds_settlement_idx" ON "settlement_refunds" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_party_period_uq" ON "settlements" USING btree ("kind","party_id","brand","currency","period_end");--> statement-breakpoint
CREATE INDEX "settlements_list_idx" ON "settlements" USING btree ("kind","period_end");--> statement-breakpoint
CREATE INDEX "settlements_batch_idx" ON "settlements" USING btree ("batch_id") WHERE "settlements"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "settlement_no";--> statement-breakpoint
-- Existing data (docs/settlement.md): the agency a paid order's rebate is owed to, the rebate
-- capped by the commission, the charges each succeeded refund returned (in the order they
-- succeeded), the rates in force so far as the first entries of their history, the JPY fee.
UPDATE "orders" o SET "agent_id" = c."agent_id" FROM "companies" c
  WHERE c."id" = o."company_id" AND o."rebate_rate" IS NOT NULL AND c."agent_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "rebate_amount" = coalesce("commission_amount", 0)
  WHERE "rebate_amount" > coalesce("commission_amount", 0);
--> statement-breakpoint
WITH "ordered" AS (
  SELECT r."id", r."amount", o."commission_rate" AS "cr", o."rebate_rate" AS "rr",
    o."amount" - coalesce(sum(r."amount") OVER (PARTITION BY r."order_id" ORDER BY r."finished_at", r."id"
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "nb"
  FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id"
  WHERE r."status" = 'success'
), "charged" AS (
  SELECT "id",
    CASE WHEN "cr" IS NULL THEN 0 ELSE ("nb" * "cr" + 5000) / 10000 END AS "cb",
    CASE WHEN "cr" IS NULL THEN 0 ELSE (("nb" - "amount") * "cr" + 5000) / 10000 END AS "ca",
    CASE WHEN "rr" IS NULL THEN 0 ELSE ("nb" * "rr" + 5000) / 10000 END AS "rb",
    CASE WHEN "rr" IS NULL THEN 0 ELSE (("nb" - "amount") * "rr" + 5000) / 10000 END AS "ra"
  FROM "ordered"
)
UPDATE "refunds" r SET "commission_amount" = c."cb" - c."ca",
  "rebate_amount" = least(c."rb", c."cb") - least(c."ra", c."ca"), "fee_amount" = 0
  FROM "charged" c WHERE c."id" = r."id";
--> statement-breakpoint
INSERT INTO "rate_changes" ("kind", "company_id", "brand", "channel", "rate", "valid_from")
  SELECT 'commission', "company_id", "brand", "channel", "rate", '2000-01-01T00:00:00Z' FROM "commission_rates";
--> statement-breakpoint
INSERT INTO "rate_changes" ("kind", "company_id", "brand", "channel", "rate", "valid_from")
  SELECT 'rebate', "company_id", "brand", '', "rate", '2000-01-01T00:00:00Z' FROM "agent_rebate_rates";
--> statement-breakpoint
INSERT INTO "transfer_fees" ("currency", "amount") VALUES ('JPY', 250);
