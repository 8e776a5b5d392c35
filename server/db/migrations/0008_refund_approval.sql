ALTER TABLE "refunds" ALTER COLUMN "status" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "refund_approval_threshold" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "approver_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reject_reason" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approver_id_operators_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_awaiting_approval_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'awaitingApproval';--> statement-breakpoint
-- The approvals screen for the roles that approve, on a database whose role routes were seeded
-- before it existed (a fresh database is seeded from the contract after the migrations).
INSERT INTO "role_routes" ("operator_type", "route_path")
  SELECT DISTINCT "operator_type", '/history/refundApproval' FROM "role_routes"
  WHERE "operator_type" IN (0, 10, 15, 20) AND "route_path" = '/history'
  ON CONFLICT DO NOTHING;
