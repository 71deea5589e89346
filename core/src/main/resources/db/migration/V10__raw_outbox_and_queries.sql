-- Issue 13: the raw table is the outbox, and the active query's bookkeeping.
-- payment_state (a PaymentState name) and paid_at are written by ingress with the row, so reconcile-service can
-- publish a row still at handled=0 again as the same PaymentNotified (same event id, same key). Rows written before
-- this version have payment_state NULL: they cannot be rebuilt and get a RAW_NOT_PUBLISHED alert instead.
-- last_republished_at: when reconcile-service last published the row again (the outbox sweep); a row's last activity
-- is the latest of created_at, last_delivered_at and last_republished_at.
ALTER TABLE pay_notify_raw
    ADD COLUMN payment_state       VARCHAR(16)  NULL AFTER trade_state,
    ADD COLUMN paid_at             DATETIME(3)  NULL AFTER paid_amount_minor,
    ADD COLUMN last_republished_at DATETIME(3)  NULL AFTER last_delivered_at,
    ADD KEY idx_pay_notify_raw_handled_delivered (handled, last_delivered_at);

-- One row per order whose channel is being queried (the active query chain's bookkeeping; the schedule itself lives
-- on delayed topics, not in this table). state: ACTIVE | CLOSING | DONE | NEEDS_A_PERSON. reason: why the chain
-- started (ORDER_CREATED, UNVERIFIED_CALLBACK, DEAD_LETTER). last_answer: the last mapped channel answer.
CREATE TABLE payment_query (
    order_id         BIGINT       NOT NULL,
    tenant_id        VARCHAR(32)  NOT NULL,
    merchant_id      VARCHAR(64)  NOT NULL,
    sp_merchant_id   VARCHAR(64)  NULL,
    out_trade_no     VARCHAR(64)  NOT NULL,
    channel          VARCHAR(16)  NOT NULL,
    reason           VARCHAR(32)  NOT NULL,
    attempt          INT          NOT NULL,
    state            VARCHAR(16)  NOT NULL,
    next_due_at      DATETIME(3)  NULL,
    expires_at       DATETIME(3)  NOT NULL,
    last_answer      VARCHAR(32)  NULL,
    last_queried_at  DATETIME(3)  NULL,
    created_at       DATETIME(3)  NOT NULL,
    updated_at       DATETIME(3)  NOT NULL,
    PRIMARY KEY (order_id),
    KEY idx_payment_query_state_due (state, next_due_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
