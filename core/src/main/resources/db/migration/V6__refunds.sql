-- Issue 12: refunds. PARTIALLY_REFUNDED is 18 characters.
ALTER TABLE orders MODIFY status VARCHAR(24) NOT NULL;
ALTER TABLE order_transition MODIFY from_status VARCHAR(24) NOT NULL, MODIFY to_status VARCHAR(24) NOT NULL;

-- One row per refund, known by OUR refund number, unique per merchant (two merchants may use the same number).
-- amount_minor is THIS refund's amount, nothing cumulative. source: API (POST /refunds), TASK (an automatic refund
-- of a refund_task: refund_task_id, at most one refund per task), CHANNEL (made outside the product, e.g. in the
-- channel's dashboard, recorded from its notice). status: PENDING, ACCEPTED, SUCCESS, FAIL (RefundStatus).
-- The refund table was created empty by V3 and no code wrote it before this version.
ALTER TABLE refund
    DROP INDEX uk_refund_no,
    ADD COLUMN merchant_id       VARCHAR(64)  NOT NULL AFTER tenant_id,
    ADD COLUMN sp_merchant_id    VARCHAR(64)  NULL AFTER merchant_id,
    ADD COLUMN out_trade_no      VARCHAR(64)  NOT NULL AFTER sp_merchant_id,
    ADD COLUMN source            VARCHAR(16)  NOT NULL AFTER status,
    ADD COLUMN refund_task_id    BIGINT       NULL AFTER source,
    ADD COLUMN reason            VARCHAR(256) NULL AFTER refund_task_id,
    ADD COLUMN requested_by      VARCHAR(64)  NULL AFTER reason,
    ADD COLUMN channel_refund_id VARCHAR(64)  NULL AFTER requested_by,
    ADD COLUMN failure           VARCHAR(256) NULL AFTER channel_refund_id,
    ADD COLUMN accepted_at       DATETIME(3)  NULL AFTER failure,
    ADD COLUMN finished_at       DATETIME(3)  NULL AFTER accepted_at,
    ADD UNIQUE KEY uk_refund_merchant_refund_no (merchant_id, refund_no),
    ADD UNIQUE KEY uk_refund_task (refund_task_id),
    ADD KEY idx_refund_payment (channel, channel_trade_no),
    ADD KEY idx_refund_status_updated (status, updated_at);

-- Every status change of a refund, once: (refund_id, to_status) is unique, so a duplicated notice, a query and a
-- notice that race each other, or a redelivered record change a refund once. cause: API, NOTIFY, QUERY, TASK.
CREATE TABLE refund_transition (
    id           BIGINT        NOT NULL AUTO_INCREMENT,
    refund_id    BIGINT        NOT NULL,
    from_status  VARCHAR(16)   NOT NULL,
    to_status    VARCHAR(16)   NOT NULL,
    cause        VARCHAR(16)   NOT NULL,
    raw_id       BIGINT        NULL,
    detail       VARCHAR(256)  NULL,
    created_at   DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_refund_transition (refund_id, to_status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- refund-service finds the payment of a refund notice that names none of our refunds (made in the channel's
-- dashboard) by its channel trade: the order's paying trade (payment_ledger's unique key) or a refund task's trade.
CREATE INDEX idx_refund_task_trade ON refund_task (channel, channel_trade_no);
