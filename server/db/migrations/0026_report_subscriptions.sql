CREATE TABLE "report_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"state" varchar(8) NOT NULL,
	"claimed_until" timestamp with time zone,
	"file_name" text,
	"ascii_name" text,
	"content_type" text,
	"body" "bytea",
	"size" integer,
	"error" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"email_state" varchar(8),
	"email_claimed_until" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "report_deliveries_period" UNIQUE("subscription_id","period_from")
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"format" varchar(4) NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"starts_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_deliveries_state_idx" ON "report_deliveries" USING btree ("state","claimed_until");--> statement-breakpoint
CREATE INDEX "report_subscriptions_operator_idx" ON "report_subscriptions" USING btree ("operator_id");