CREATE INDEX "companies_name_prefix_idx" ON "companies" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_short_name_prefix_idx" ON "companies" USING btree (lower(regexp_replace("name", '^\s*(株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人|（株）|\(株\)|㈱)\s*|\s*(株式会社|有限会社|合同会社|（株）|\(株\)|㈱)\s*$', '', 'g')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_name_en_prefix_idx" ON "companies" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pre_orders_client_no_idx" ON "pre_orders" USING btree ("client_pay_no");--> statement-breakpoint
CREATE INDEX "refunds_client_no_idx" ON "refunds" USING btree ("client_refund_no");