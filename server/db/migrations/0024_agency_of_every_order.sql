-- Issue #29: an order keeps its company's agency whatever its rebate, so that an agency's
-- settlement lists every order of its companies (docs/settlement.md, "Money"). Before, an order
-- of a brand the agency earned nothing on was left without its agency, and out of the agency's
-- settlements. The paid orders that no agency settlement holds yet and whose business day is
-- after the agency's last closed day get the company's agency (the agency at their paid time was
-- not recorded; today's is the best knowledge of it); orders of periods the agency has closed stay
-- as they are, since a closed settlement never changes. The day is cut in Asia/Tokyo, the default
-- business time zone.
UPDATE "orders" o SET "agent_id" = c."agent_id"
FROM "companies" c
WHERE c."id" = o."company_id"
  AND c."agent_id" IS NOT NULL
  AND o."agent_id" IS NULL
  AND o."status" IN ('success', 'partlyRefunded', 'refunded', 'refunding')
  AND NOT EXISTS (
    SELECT 1 FROM "settlement_orders" so WHERE so."kind" = 'agent' AND so."order_id" = o."id"
  )
  AND (o."finished_at" AT TIME ZONE 'Asia/Tokyo')::date > COALESCE(
    (SELECT cur."closed_through" FROM "settlement_cursors" cur
      WHERE cur."kind" = 'agent' AND cur."party_id" = c."agent_id" AND cur."brand" = '' AND cur."currency" = o."currency"),
    DATE '2000-01-01'
  );
