-- Issue 12: every status change of a refund is its own raw row (and its own event id); an identical repeat is a
-- duplicate. The key includes the merchant: two merchants may use the same refund number, and a row of another
-- merchant must never answer "already handled". refund_key is the refund number the notice names (refund_no: ours,
-- or one a refund made elsewhere was given), or for a refund made outside the product that names none the channel's
-- refund id (prefixed 'channel:', refund_no NULL), or for an Alipay notice without out_biz_no the trade and its
-- cumulative refunded amount (prefixed 'trade:', refund_no NULL), so each such refund is stored once.
-- refund_amount_minor is THIS refund's amount (NULL when the notice does not say it: Alipay),
-- refunded_total_minor what all refunds of the payment returned so far as the channel reports it.
-- out_trade_no is NULL when the notice names no order (a Stripe refund made in the Dashboard carries no metadata of
-- ours): such a refund is matched to its payment by channel_trade_no.
ALTER TABLE pay_refund_raw
    DROP INDEX uk_pay_refund_raw_refund_no,
    MODIFY refund_no           VARCHAR(64)  NULL,
    MODIFY out_trade_no        VARCHAR(64)  NULL,
    ADD COLUMN refund_key      VARCHAR(96)  NOT NULL DEFAULT '' AFTER refund_no,
    MODIFY refund_amount_minor BIGINT       NULL,
    ADD COLUMN refunded_total_minor BIGINT  NULL AFTER refund_amount_minor,
    ADD KEY idx_pay_refund_raw_trade (channel, channel_trade_no);
UPDATE pay_refund_raw SET refund_key = refund_no WHERE refund_key = '';
ALTER TABLE pay_refund_raw
    ADD UNIQUE KEY uk_pay_refund_raw_status (merchant_id, channel, refund_key, refund_state);
