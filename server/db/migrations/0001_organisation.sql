CREATE TABLE "terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" varchar(40) NOT NULL,
	"app_type" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"company_id" integer NOT NULL,
	"branch_unit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "agent_rebate_rates" (
	"company_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_rebate_rates_company_id_brand_pk" PRIMARY KEY("company_id","brand")
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"company_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"rate" integer NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_company_id_brand_channel_pk" PRIMARY KEY("company_id","brand","channel")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"login_id" varchar(40) DEFAULT '' NOT NULL,
	"call_path" varchar(100) NOT NULL,
	"object_type" varchar(40) NOT NULL,
	"object_id" varchar(200) DEFAULT '' NOT NULL,
	"action" varchar(20) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"result" varchar(20) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "agent_no" varchar(20);--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "name_en" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "mobile" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "homepage" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "business_hours" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "comment" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "business_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_name_kana" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_sex" smallint;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_birthday" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_mobile" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rep_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "contact_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "contact_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "contact_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_code" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_branch_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_branch_code" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_account_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_account_number" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "bank_account_holder" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "currency" varchar(3) DEFAULT 'JPY' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "settlement_period" varchar(5) DEFAULT 'T+30' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "minimum_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "remittance_cost_type" varchar(3) DEFAULT 'SHA' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "code" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "contact_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "remark" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_units" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "fax" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "homepage" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_code" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_branch_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_branch_code" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_account_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_account_number" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_account_holder" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "checkout_period" varchar(8) DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "checkout_weekday" smallint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "checkout_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "finance_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mid" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sid" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "access_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "access_token_hint" varchar(4) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pay_secret_enc" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pay_secret_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ubos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "wechat_sub_app_id" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "wechat_sub_mch_id" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "wechat_mcc" varchar(4) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "china_pay_company_no" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "china_pay_branch_no" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "china_pay_token_enc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "china_pay_secret_key_enc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypay_merchant_id" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypay_store_id" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypay_auth_token_enc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypay_key_enc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paytree_id" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paytree_company_code" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paytree_branch_code" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paytree_public_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_offline" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_online" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_auto_debit" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_static_code" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_dynamic_code" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_link" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "limit_all" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "offline_app_mode" varchar(5) DEFAULT 'CPM' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "three_d_secure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "result_contact_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "contact_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "contact_email" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "address" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "remark" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "must_change_refund_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_branch_unit_id_branch_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."branch_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_rebate_rates" ADD CONSTRAINT "agent_rebate_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminals_company_idx" ON "terminals" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "terminals_branch_idx" ON "terminals" USING btree ("branch_unit_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "audit_log_login_idx" ON "audit_log" USING btree ("login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_units_company_name_unique" ON "branch_units" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_mid_unique" ON "companies" USING btree ("mid") WHERE "companies"."mid" <> '';--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_agent_no_unique" UNIQUE("agent_no");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_access_token_hash_unique" UNIQUE("access_token_hash");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_pay_secret_hash_unique" UNIQUE("pay_secret_hash");