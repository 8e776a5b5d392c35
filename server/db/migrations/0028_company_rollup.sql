CREATE TABLE "order_day_company_totals" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"proof" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"paid_count" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"refund_count" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"refund_commission" bigint DEFAULT 0 NOT NULL,
	"refund_rebate" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_company_totals_day_company_id_brand_currency_proof_pk" PRIMARY KEY("day","company_id","brand","currency","proof")
);
--> statement-breakpoint
-- Filled from the folded totals (the deltas not yet folded are read beside it, as for order_day_totals).
INSERT INTO "order_day_company_totals" ("day", "company_id", "brand", "currency", "proof", "orders", "paid_count",
  "paid_amount", "commission", "rebate", "refund_count", "refund_amount", "refund_commission", "refund_rebate")
SELECT "day", "company_id", "brand", "currency", "proof", sum("orders"), sum("paid_count"), sum("paid_amount"),
  sum("commission"), sum("rebate"), sum("refund_count"), sum("refund_amount"), sum("refund_commission"),
  sum("refund_rebate")
FROM "order_day_totals"
GROUP BY "day", "company_id", "brand", "currency", "proof";
