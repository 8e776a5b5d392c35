CREATE TABLE "merchant_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notify_id" varchar(36) NOT NULL,
	"order_id" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"url" varchar(255) NOT NULL,
	"order_status" varchar(20) NOT NULL,
	"payload" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_http_status" smallint,
	"last_error" varchar(255) DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_notifications_status_ck" CHECK ("merchant_notifications"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "merchant_notifications_attempts_ck" CHECK ("merchant_notifications"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchant_notifications" ADD CONSTRAINT "merchant_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_notifications" ADD CONSTRAINT "merchant_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_notifications_notify_id_uq" ON "merchant_notifications" USING btree ("notify_id");--> statement-breakpoint
CREATE INDEX "merchant_notifications_due_idx" ON "merchant_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "merchant_notifications_order_idx" ON "merchant_notifications" USING btree ("order_id","id");