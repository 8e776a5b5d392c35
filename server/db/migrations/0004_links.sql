CREATE TABLE "pre_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pre_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"branch_unit_id" integer,
	"client_pay_no" varchar(48) NOT NULL,
	"gateway_pay_no" varchar(64) NOT NULL,
	"order_amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"validity_hours" integer NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"use_times" integer DEFAULT 1 NOT NULL,
	"used_times" integer DEFAULT 0 NOT NULL,
	"use_status" smallint DEFAULT 0 NOT NULL,
	"use_start_time" timestamp with time zone,
	"use_finish_time" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"source" varchar(10) DEFAULT 'console' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_orders_gateway_pay_no_unique" UNIQUE("gateway_pay_no"),
	CONSTRAINT "pre_orders_amount_positive" CHECK ("pre_orders"."order_amount" > 0),
	CONSTRAINT "pre_orders_validity_range" CHECK ("pre_orders"."validity_hours" between 1 and 720),
	CONSTRAINT "pre_orders_use_times_range" CHECK ("pre_orders"."use_times" between 1 and 9999),
	CONSTRAINT "pre_orders_used_within" CHECK ("pre_orders"."used_times" between 0 and "pre_orders"."use_times"),
	CONSTRAINT "pre_orders_use_status_matches" CHECK ("pre_orders"."use_status" = case when "pre_orders"."used_times" = "pre_orders"."use_times" then 1 else 0 end)
);
--> statement-breakpoint
CREATE TABLE "pay_links" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payer_name" varchar(60) DEFAULT '' NOT NULL,
	"payer_email" varchar(120) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"source" varchar(10) DEFAULT 'console' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pre_order_id" bigint;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_branch_unit_id_branch_units_id_fk" FOREIGN KEY ("branch_unit_id") REFERENCES "public"."branch_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_orders" ADD CONSTRAINT "pre_orders_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_orders_company_client_no_unique" ON "pre_orders" USING btree ("company_id","client_pay_no");--> statement-breakpoint
CREATE INDEX "pre_orders_company_created_idx" ON "pre_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "pre_orders_created_idx" ON "pre_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pay_links_company_created_idx" ON "pay_links" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pre_order_id_pre_orders_id_fk" FOREIGN KEY ("pre_order_id") REFERENCES "public"."pre_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pre_order_idx" ON "orders" USING btree ("pre_order_id") WHERE "orders"."pre_order_id" is not null;