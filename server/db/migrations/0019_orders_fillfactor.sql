-- Orders are written once and then updated in place a few times (status, refunded amount, the
-- reconciliation's audit status and result, none of them indexed): a tenth of each page left
-- free lets those updates stay on the row's page as heap-only tuples, without a new entry in
-- each of the table's indexes (bench/RESULTS.md, "Reconciliation at scale"). Pages written
-- before this keep their fill until they are rewritten.
ALTER TABLE "orders" SET (fillfactor = 90);
