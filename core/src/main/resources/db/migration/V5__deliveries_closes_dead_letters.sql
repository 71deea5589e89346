-- Issue 10 (nothing stuck, nothing silent).
-- last_delivered_at: when the channel last delivered this notification and ingress published it again. A raw row's
-- retry budget counts from here (the auditor's RAW_SETTLED), not from the first delivery: a re-push of a row that is
-- still unsettled starts its processing over. created_at stays the first delivery.
ALTER TABLE pay_notify_raw ADD COLUMN last_delivered_at DATETIME(3) NULL AFTER updated_at;
UPDATE pay_notify_raw SET last_delivered_at = created_at WHERE last_delivered_at IS NULL;
ALTER TABLE pay_refund_raw ADD COLUMN last_delivered_at DATETIME(3) NULL AFTER updated_at;
UPDATE pay_refund_raw SET last_delivered_at = created_at WHERE last_delivered_at IS NULL;

-- Every raw notification of one order (the processor looks up the closes of an order when a payment overrules them).
CREATE INDEX idx_pay_notify_raw_order ON pay_notify_raw (merchant_id, out_trade_no);

-- Who closed an order: the channel (PAYMENT_CLOSED) or the merchant (ORDER_CANCELLED). A payment that arrives for an
-- order the merchant cancelled goes back (refund task); one for an order only the channel closed is kept (see
-- PaymentRules in core).
ALTER TABLE orders ADD COLUMN closed_by VARCHAR(32) NULL AFTER paid_at;
UPDATE orders SET closed_by = 'PAYMENT_CLOSED' WHERE status = 'CLOSED' AND closed_by IS NULL;
