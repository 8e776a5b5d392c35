CREATE TABLE "brand_settings" (
	"company_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"connector" varchar(10) DEFAULT 'sandbox' NOT NULL,
	"sandbox_behaviour" varchar(12) DEFAULT 'normal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_settings_company_id_brand_pk" PRIMARY KEY("company_id","brand")
);
--> statement-breakpoint
CREATE TABLE "merchant_signatures" (
	"company_id" integer NOT NULL,
	"signature" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_signatures_company_id_signature_pk" PRIMARY KEY("company_id","signature")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"event" varchar(30) NOT NULL,
	"source" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"branch_unit_id" integer,
	"client_order_no" varchar(64) NOT NULL,
	"gateway_order_no" varchar(64) NOT NULL,
	"brand_order_no" varchar(64) DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(20) NOT NULL,
	"receipt_no" varchar(64) DEFAULT '' NOT NULL,
	"subject" varchar(128) DEFAULT '' NOT NULL,
	"payment_type" varchar(12) NOT NULL,
	"brand" varchar(20) NOT NULL,
	"sub_brand" varchar(20) DEFAULT '' NOT NULL,
	"commission_rate" integer,
	"commission_amount" bigint,
	"rebate_rate" integer,
	"rebate_amount" bigint,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"audit_status" smallint DEFAULT 0 NOT NULL,
	"audit_result" smallint,
	"settlement_no" varchar(40) DEFAULT '' NOT NULL,
	"error_code" varchar(40) DEFAULT '' NOT NULL,
	"error_message" varchar(255) DEFAULT '' NOT NULL,
	"notify_url" varchar(255) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_gateway_order_no_unique" UNIQUE("gateway_order_no"),
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount" > 0),
	CONSTRAINT "orders_refunded_within" CHECK ("orders"."refunded_amount" between 0 and "orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"branch_unit_id" integer,
	"client_refund_no" varchar(64) NOT NULL,
	"gateway_refund_no" varchar(64) NOT NULL,
	"brand_refund_no" varchar(64) DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(12) NOT NULL,
	"full_refund" boolean DEFAULT false NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"receipt_no" varchar(64) DEFAULT '' NOT NULL,
	"operator_id" integer,
	"source" varchar(10) DEFAULT 'console' NOT NULL,
	"error_code" varchar(40) DEFAULT '' NOT NULL,
	"error_message" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_gateway_refund_no_unique" UNIQUE("gateway_refund_no"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"brand_order_no" varchar(64) PRIMARY KEY NOT NULL,
	"brand" varchar(20) NOT NULL,
	"merchant_order_no" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"state" varchar(12) NOT NULL,
	"behaviour" varchar(12) NOT NULL,
	"sub_brand" varchar(20) DEFAULT '' NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_signatures" ADD CONSTRAINT "merchant_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_unit_id_branch_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."branch_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_branch_unit_id_branch_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."branch_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_signatures_created_idx" ON "merchant_signatures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_client_no_unique" ON "orders" USING btree ("company_id","client_order_no");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_client_no_idx" ON "orders" USING btree ("client_order_no");--> statement-breakpoint
CREATE INDEX "orders_brand_no_idx" ON "orders" USING btree ("brand_order_no") WHERE "orders"."brand_order_no" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_company_client_no_unique" ON "refunds" USING btree ("company_id","client_refund_no");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_company_created_idx" ON "refunds" USING btree ("company_id","created_at");