CREATE TABLE "jobs" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"cursor" varchar(100) DEFAULT '' NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"brand" varchar(20) NOT NULL,
	"merchant_refund_no" varchar(64) NOT NULL,
	"brand_refund_no" varchar(64) NOT NULL,
	"brand_order_no" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"state" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_brand_merchant_refund_no_pk" PRIMARY KEY("brand","merchant_refund_no"),
	CONSTRAINT "sandbox_refunds_brand_refund_no_unique" UNIQUE("brand_refund_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_merchant_no_unique" ON "sandbox_payments" USING btree ("brand","merchant_order_no");