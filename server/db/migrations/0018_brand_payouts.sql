CREATE TABLE "bank_deposit_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_deposit_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" varchar(255) NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"row_count" integer NOT NULL,
	"added_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"imported_by" integer,
	"imported_by_name" varchar(64) DEFAULT '' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposit_imports_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
CREATE TABLE "bank_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"value_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payer_name" varchar(140) NOT NULL,
	"reference" varchar(140) DEFAULT '' NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_deposits_amount_positive" CHECK ("bank_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "brand_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"period_begin" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"deposit_by" date NOT NULL,
	"settlement_net" bigint,
	"settlement_count" integer DEFAULT 0 NOT NULL,
	"settlement_id" bigint,
	"payment_count" integer,
	"refund_count" integer,
	"gross" bigint,
	"fee" bigint,
	"net" bigint,
	"statement_file" varchar(255),
	"statement_hash" varchar(64),
	"statement_source" varchar(8),
	"statement_at" timestamp with time zone,
	"deposit_id" bigint,
	"matched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_payouts_deposit_id_unique" UNIQUE("deposit_id")
);
--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_import_id_bank_deposit_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_deposit_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_payouts" ADD CONSTRAINT "brand_payouts_deposit_id_bank_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."bank_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_deposits_fact_idx" ON "bank_deposits" USING btree ("value_date","currency","amount","payer_name","reference","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_payouts_key_idx" ON "brand_payouts" USING btree ("brand","currency","period_end");--> statement-breakpoint
CREATE INDEX "brand_payouts_end_idx" ON "brand_payouts" USING btree ("period_end");