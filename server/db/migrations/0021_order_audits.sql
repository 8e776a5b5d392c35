-- Orders' audit status and result in a table of their own (docs/reconciliation.md, bench/RESULTS.md).
CREATE TABLE "order_audits" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"audit_status" smallint NOT NULL,
	"audit_result" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_audits_status_ck" CHECK ("order_audits"."audit_status" in (1, 2))
);
--> statement-breakpoint
CREATE INDEX "order_audits_exception_idx" ON "order_audits" USING btree ("order_id") WHERE "order_audits"."audit_status" = 2;--> statement-breakpoint
-- The orders' audit status and result move beside them (schema/reconciliation.ts, orderAudits):
-- every order audited or in exception keeps its status and result; not audited is no row.
INSERT INTO "order_audits" ("order_id", "audit_status", "audit_result", "updated_at")
  SELECT "id", "audit_status", "audit_result", "updated_at" FROM "orders" WHERE "audit_status" in (1, 2);--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "audit_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "audit_result";