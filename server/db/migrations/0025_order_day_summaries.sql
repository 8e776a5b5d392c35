CREATE TABLE "business_zone" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "business_zone_one_row" CHECK ("business_zone"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_day_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_day_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"branch_unit_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payment_type" varchar(12) NOT NULL,
	"proof" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"paid_count" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"refund_count" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"refund_commission" bigint DEFAULT 0 NOT NULL,
	"refund_rebate" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"branch_unit_id" integer NOT NULL,
	"brand" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payment_type" varchar(12) NOT NULL,
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
	CONSTRAINT "order_day_totals_day_company_id_branch_unit_id_brand_currency_payment_type_proof_pk" PRIMARY KEY("day","company_id","branch_unit_id","brand","currency","payment_type","proof")
);
--> statement-breakpoint
CREATE INDEX "order_day_deltas_day_idx" ON "order_day_deltas" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_day_totals_company_day_idx" ON "order_day_totals" USING btree ("company_id","day");--> statement-breakpoint
-- Issue #31: the order and refund summaries (docs/reports.md, server/db/schema/summaries.ts).
-- Every change to what they summarise appends signed rows to order_day_deltas in its own
-- transaction (statement-level triggers, one insert per statement however many rows it wrote);
-- the job summaryFold moves committed deltas into order_day_totals.
INSERT INTO "business_zone" ("id", "time_zone") VALUES (1, 'Asia/Tokyo');
--> statement-breakpoint
CREATE FUNCTION summary_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT time_zone FROM business_zone WHERE id = 1
$$;
--> statement-breakpoint
CREATE FUNCTION summary_paid(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('success', 'refunding', 'partlyRefunded', 'refunded')
$$;
--> statement-breakpoint
-- settle: null (in no merchant settlement), 3 (settled) or 4 (its settlement remitted).
CREATE FUNCTION summary_proof(paid boolean, settle integer, audit_result smallint) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN NOT paid THEN 0 WHEN settle IS NOT NULL THEN settle WHEN audit_result = 1 THEN 2 ELSE 1 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION summary_settle(settlement_status smallint) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN settlement_status IS NULL THEN NULL WHEN settlement_status = 2 THEN 4 ELSE 3 END
$$;
--> statement-breakpoint
-- What the summaries must hold, computed from the raw tables: the fill below, the rebuild when the
-- business time zone changes, and `npm run check-summaries`.
CREATE VIEW order_day_expected AS
WITH z AS (SELECT summary_zone() AS tz),
o AS (
  SELECT (o.created_at AT TIME ZONE z.tz)::date AS day, o.company_id, coalesce(o.branch_unit_id, 0) AS branch_unit_id,
    o.brand, o.currency, o.payment_type,
    summary_proof(summary_paid(o.status), summary_settle(s.status), a.audit_result) AS proof,
    o.amount, coalesce(o.commission_amount, 0) AS commission, coalesce(o.rebate_amount, 0) AS rebate
  FROM orders o CROSS JOIN z
  LEFT JOIN order_audits a ON a.order_id = o.id
  LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = o.id
  LEFT JOIN settlements s ON s.id = so.settlement_id
),
r AS (
  SELECT (r.created_at AT TIME ZONE z.tz)::date AS day, r.company_id, coalesce(r.branch_unit_id, 0) AS branch_unit_id,
    o.brand, r.currency, o.payment_type,
    summary_proof(true, summary_settle(s.status), NULL) AS proof,
    r.amount, coalesce(r.commission_amount, 0) AS commission, coalesce(r.rebate_amount, 0) AS rebate
  FROM refunds r CROSS JOIN z
  JOIN orders o ON o.id = r.order_id
  LEFT JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.refund_id = r.id
  LEFT JOIN settlements s ON s.id = sr.settlement_id
  WHERE r.status = 'success'
),
x AS (
  SELECT day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    1 AS orders, (proof > 0)::int AS paid_count, CASE WHEN proof > 0 THEN amount ELSE 0 END AS paid_amount,
    CASE WHEN proof > 0 THEN commission ELSE 0 END AS commission, CASE WHEN proof > 0 THEN rebate ELSE 0 END AS rebate,
    0 AS refund_count, 0 AS refund_amount, 0 AS refund_commission, 0 AS refund_rebate
  FROM o
  UNION ALL
  SELECT day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    0, 0, 0, 0, 0, 1, amount, commission, rebate
  FROM r
)
SELECT day, company_id, branch_unit_id, brand, currency, payment_type, proof,
  sum(orders)::bigint AS orders, sum(paid_count)::bigint AS paid_count, sum(paid_amount)::bigint AS paid_amount,
  sum(commission)::bigint AS commission, sum(rebate)::bigint AS rebate,
  sum(refund_count)::bigint AS refund_count, sum(refund_amount)::bigint AS refund_amount,
  sum(refund_commission)::bigint AS refund_commission, sum(refund_rebate)::bigint AS refund_rebate
FROM x GROUP BY day, company_id, branch_unit_id, brand, currency, payment_type, proof;
--> statement-breakpoint
-- An order created.
CREATE FUNCTION summary_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT 1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result) AS proof
    FROM new_rows t
    LEFT JOIN order_audits a ON a.order_id = t.id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order removed (orders are never deleted by the console; kept exact if one is).
CREATE FUNCTION summary_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result) AS proof
    FROM old_rows t
    LEFT JOIN order_audits a ON a.order_id = t.id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order changed: its old cell out, its new cell in (only when what the summaries hold of it changed).
CREATE FUNCTION summary_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result) AS proof
    FROM old_rows t JOIN new_rows n ON n.id = t.id
    LEFT JOIN order_audits a ON a.order_id = t.id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE (t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount,
        t.commission_amount, t.rebate_amount, summary_paid(t.status))
      IS DISTINCT FROM (n.created_at, n.company_id, n.branch_unit_id, n.brand, n.currency, n.payment_type, n.amount,
        n.commission_amount, n.rebate_amount, summary_paid(n.status))
    UNION ALL
    SELECT 1, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result)
    FROM new_rows t JOIN old_rows o ON o.id = t.id
    LEFT JOIN order_audits a ON a.order_id = t.id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE (o.created_at, o.company_id, o.branch_unit_id, o.brand, o.currency, o.payment_type, o.amount,
        o.commission_amount, o.rebate_amount, summary_paid(o.status))
      IS DISTINCT FROM (t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount,
        t.commission_amount, t.rebate_amount, summary_paid(t.status))
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order's audit recorded: matched (code 1) moves it from provisional to matched.
CREATE FUNCTION summary_audits_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT 1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), c.audit_result) AS proof
    FROM new_rows c JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE c.audit_result = 1
    UNION ALL
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), NULL) AS proof
    FROM new_rows c JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE c.audit_result = 1
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order's audit removed (a day matched again): a matched order is provisional again until the new run.
CREATE FUNCTION summary_audits_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), c.audit_result) AS proof
    FROM old_rows c JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE c.audit_result = 1
    UNION ALL
    SELECT 1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), NULL) AS proof
    FROM old_rows c JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE c.audit_result = 1
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order's audit changed: into or out of matched.
CREATE FUNCTION summary_audits_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), c.audit_result) AS proof
    FROM old_rows c JOIN new_rows n ON n.order_id = c.order_id JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE (c.audit_result = 1) IS DISTINCT FROM (n.audit_result = 1)
    UNION ALL
    SELECT 1, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), c.audit_result)
    FROM new_rows c JOIN old_rows o ON o.order_id = c.order_id JOIN orders t ON t.id = c.order_id
    LEFT JOIN settlement_orders so ON so.kind = 'merchant' AND so.order_id = t.id
    LEFT JOIN settlements s ON s.id = so.settlement_id
    WHERE (c.audit_result = 1) IS DISTINCT FROM (o.audit_result = 1)
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders put into a merchant settlement: settled (or paid out, if it is remitted already).
CREATE FUNCTION summary_settlement_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT 1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result) AS proof
    FROM new_rows c JOIN orders t ON t.id = c.order_id
    JOIN settlements s ON s.id = c.settlement_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant'
    UNION ALL
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), NULL, a.audit_result) AS proof
    FROM new_rows c JOIN orders t ON t.id = c.order_id
    JOIN settlements s ON s.id = c.settlement_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant'
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders taken out of a merchant settlement.
CREATE FUNCTION summary_settlement_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(s.status), a.audit_result) AS proof
    FROM old_rows c JOIN orders t ON t.id = c.order_id
    JOIN settlements s ON s.id = c.settlement_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant'
    UNION ALL
    SELECT 1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), NULL, a.audit_result) AS proof
    FROM old_rows c JOIN orders t ON t.id = c.order_id
    JOIN settlements s ON s.id = c.settlement_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant'
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Refunds put into a merchant settlement.
CREATE FUNCTION summary_settlement_refunds_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT 1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL) AS proof
    FROM new_rows c JOIN refunds t ON t.id = c.refund_id
    JOIN settlements s ON s.id = c.settlement_id
    WHERE c.kind = 'merchant' AND t.status = 'success'
    UNION ALL
    SELECT -1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, NULL, NULL) AS proof
    FROM new_rows c JOIN refunds t ON t.id = c.refund_id
    JOIN settlements s ON s.id = c.settlement_id
    WHERE c.kind = 'merchant' AND t.status = 'success'
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Refunds taken out of a merchant settlement.
CREATE FUNCTION summary_settlement_refunds_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT -1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL) AS proof
    FROM old_rows c JOIN refunds t ON t.id = c.refund_id
    JOIN settlements s ON s.id = c.settlement_id
    WHERE c.kind = 'merchant' AND t.status = 'success'
    UNION ALL
    SELECT 1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, NULL, NULL) AS proof
    FROM old_rows c JOIN refunds t ON t.id = c.refund_id
    JOIN settlements s ON s.id = c.settlement_id
    WHERE c.kind = 'merchant' AND t.status = 'success'
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A merchant settlement remitted (or its remittance reversed): its orders and refunds between settled and paid out.
CREATE FUNCTION summary_settlements_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    orders, paid_count, paid_amount, commission, rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    x.brand, x.currency, x.payment_type, x.proof,
    sum(x.sg), sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END),
    sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END)
  FROM (
    SELECT -1 AS sg, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(c.status), a.audit_result) AS proof
    FROM old_rows c JOIN new_rows n ON n.id = c.id
    JOIN settlement_orders so ON so.kind = 'merchant' AND so.settlement_id = c.id
    JOIN orders t ON t.id = so.order_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant' AND c.status IS DISTINCT FROM n.status
    UNION ALL
    SELECT 1, t.created_at, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(summary_paid(t.status), summary_settle(c.status), a.audit_result)
    FROM new_rows c JOIN old_rows o ON o.id = c.id
    JOIN settlement_orders so ON so.kind = 'merchant' AND so.settlement_id = c.id
    JOIN orders t ON t.id = so.order_id
    LEFT JOIN order_audits a ON a.order_id = t.id
    WHERE c.kind = 'merchant' AND c.status IS DISTINCT FROM o.status
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * x.amount ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.commission_amount, 0) ELSE 0 END) <> 0
    OR sum(CASE WHEN x.proof > 0 THEN x.sg * coalesce(x.rebate_amount, 0) ELSE 0 END) <> 0;
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT -1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount, summary_proof(true, summary_settle(c.status), NULL) AS proof
    FROM old_rows c JOIN new_rows n ON n.id = c.id
    JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.settlement_id = c.id
    JOIN refunds t ON t.id = sr.refund_id AND t.status = 'success'
    WHERE c.kind = 'merchant' AND c.status IS DISTINCT FROM n.status
    UNION ALL
    SELECT 1, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount, summary_proof(true, summary_settle(c.status), NULL)
    FROM new_rows c JOIN old_rows o ON o.id = c.id
    JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.settlement_id = c.id
    JOIN refunds t ON t.id = sr.refund_id AND t.status = 'success'
    WHERE c.kind = 'merchant' AND c.status IS DISTINCT FROM o.status
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A refund recorded (counted once it succeeded).
CREATE FUNCTION summary_refunds_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT 1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL) AS proof
    FROM new_rows t
    LEFT JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.refund_id = t.id
    LEFT JOIN settlements s ON s.id = sr.settlement_id
    WHERE t.status = 'success'
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A refund removed (never by the console; kept exact if one is).
CREATE FUNCTION summary_refunds_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT -1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL) AS proof
    FROM old_rows t
    LEFT JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.refund_id = t.id
    LEFT JOIN settlements s ON s.id = sr.settlement_id
    WHERE t.status = 'success'
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A refund changed: succeeded, or what the summaries hold of it changed.
CREATE FUNCTION summary_refunds_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_deltas (day, company_id, branch_unit_id, brand, currency, payment_type, proof,
    refund_count, refund_amount, refund_commission, refund_rebate)
  SELECT (x.created_at AT TIME ZONE summary_zone())::date, x.company_id, coalesce(x.branch_unit_id, 0),
    o.brand, x.currency, o.payment_type, x.proof,
    sum(x.sg), sum(x.sg * x.amount), sum(x.sg * coalesce(x.commission_amount, 0)),
    sum(x.sg * coalesce(x.rebate_amount, 0))
  FROM (
    SELECT -1 AS sg, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL) AS proof
    FROM old_rows t JOIN new_rows n ON n.id = t.id
    LEFT JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.refund_id = t.id
    LEFT JOIN settlements s ON s.id = sr.settlement_id
    WHERE t.status = 'success' AND (t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
        t.status = 'success', t.order_id)
      IS DISTINCT FROM (n.created_at, n.company_id, n.branch_unit_id, n.currency, n.amount, n.commission_amount,
        n.rebate_amount, n.status = 'success', n.order_id)
    UNION ALL
    SELECT 1, t.order_id, t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount, t.rebate_amount,
      summary_proof(true, summary_settle(s.status), NULL)
    FROM new_rows t JOIN old_rows o ON o.id = t.id
    LEFT JOIN settlement_refunds sr ON sr.kind = 'merchant' AND sr.refund_id = t.id
    LEFT JOIN settlements s ON s.id = sr.settlement_id
    WHERE t.status = 'success' AND (o.created_at, o.company_id, o.branch_unit_id, o.currency, o.amount, o.commission_amount, o.rebate_amount,
        o.status = 'success', o.order_id)
      IS DISTINCT FROM (t.created_at, t.company_id, t.branch_unit_id, t.currency, t.amount, t.commission_amount,
        t.rebate_amount, t.status = 'success', t.order_id)
  ) x
  JOIN orders o ON o.id = x.order_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sg) <> 0 OR sum(x.sg * x.amount) <> 0 OR sum(x.sg * coalesce(x.commission_amount, 0)) <> 0
    OR sum(x.sg * coalesce(x.rebate_amount, 0)) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER summary_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_orders_insert();
--> statement-breakpoint
CREATE TRIGGER summary_orders_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_orders_delete();
--> statement-breakpoint
CREATE TRIGGER summary_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_orders_update();
--> statement-breakpoint
CREATE TRIGGER summary_refunds_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_refunds_insert();
--> statement-breakpoint
CREATE TRIGGER summary_refunds_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_refunds_delete();
--> statement-breakpoint
CREATE TRIGGER summary_refunds_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_refunds_update();
--> statement-breakpoint
CREATE TRIGGER summary_audits_insert AFTER INSERT ON order_audits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_audits_insert();
--> statement-breakpoint
CREATE TRIGGER summary_audits_delete AFTER DELETE ON order_audits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_audits_delete();
--> statement-breakpoint
CREATE TRIGGER summary_audits_update AFTER UPDATE ON order_audits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_audits_update();
--> statement-breakpoint
CREATE TRIGGER summary_settlement_orders_insert AFTER INSERT ON settlement_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_settlement_orders_insert();
--> statement-breakpoint
CREATE TRIGGER summary_settlement_orders_delete AFTER DELETE ON settlement_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_settlement_orders_delete();
--> statement-breakpoint
CREATE TRIGGER summary_settlement_refunds_insert AFTER INSERT ON settlement_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_settlement_refunds_insert();
--> statement-breakpoint
CREATE TRIGGER summary_settlement_refunds_delete AFTER DELETE ON settlement_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_settlement_refunds_delete();
--> statement-breakpoint
CREATE TRIGGER summary_settlements_update AFTER UPDATE ON settlements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION summary_settlements_update();
--> statement-breakpoint
-- The summaries of the data already here (the triggers above keep them from now on: this
-- migration's transaction holds the tables it made triggers on until it commits).
INSERT INTO order_day_totals SELECT * FROM order_day_expected;
