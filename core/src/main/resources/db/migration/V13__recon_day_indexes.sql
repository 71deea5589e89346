-- Issue 14: the comparison reads one merchant's payments and refunds of one day at one channel (LOCAL_ONLY: ours
-- and not on the channel's bill); without these it would read the whole ledger once per batch.
ALTER TABLE payment_ledger ADD KEY idx_payment_ledger_merchant_day (merchant_id, channel, paid_at);
ALTER TABLE refund ADD KEY idx_refund_merchant_day (merchant_id, channel, status, finished_at);
