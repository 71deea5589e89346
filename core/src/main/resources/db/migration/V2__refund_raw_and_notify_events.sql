-- Every verified refund notification, once per refund. A refund is known by OUR refund number (generated
-- and stored before the channel was called), so the unique key is (channel, refund_no), never the
-- channel's id. handled as in pay_notify_raw: 0 received, 1 applied, 2 needs a person.
CREATE TABLE pay_refund_raw (
    id                  BIGINT        NOT NULL AUTO_INCREMENT,
    tenant_id           VARCHAR(32)   NOT NULL,
    merchant_id         VARCHAR(64)   NOT NULL,
    sp_merchant_id      VARCHAR(64)   NULL,
    channel             VARCHAR(16)   NOT NULL,
    refund_no           VARCHAR(64)   NOT NULL,
    channel_refund_id   VARCHAR(64)   NULL,
    channel_trade_no    VARCHAR(64)   NOT NULL,
    out_trade_no        VARCHAR(64)   NOT NULL,
    notify_id           VARCHAR(64)   NULL,
    refund_state        VARCHAR(32)   NOT NULL,
    refund_amount_minor BIGINT        NOT NULL,
    currency            CHAR(3)       NOT NULL,
    handled             TINYINT       NOT NULL DEFAULT 0,
    attempts            INT           NOT NULL DEFAULT 0,
    last_error          VARCHAR(512)  NULL,
    raw_body            MEDIUMTEXT    NOT NULL,
    created_at          DATETIME(3)   NOT NULL,
    updated_at          DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_pay_refund_raw_refund_no (channel, refund_no),
    KEY idx_pay_refund_raw_handled_created (handled, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Append-only log of verified notifications that carry no final state (WeChat NOTPAY / USERPAYING,
-- Alipay WAIT_BUYER_PAY, Stripe's in-between events): acknowledged, kept for audit, never in
-- pay_notify_raw (they may have no channel trade number, and an empty one must never take a unique key).
CREATE TABLE pay_notify_event (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    tenant_id         VARCHAR(32)   NOT NULL,
    merchant_id       VARCHAR(64)   NOT NULL,
    channel           VARCHAR(16)   NOT NULL,
    out_trade_no      VARCHAR(64)   NULL,
    channel_trade_no  VARCHAR(64)   NULL,
    notify_id         VARCHAR(64)   NULL,
    state             VARCHAR(48)   NOT NULL,
    raw_body          MEDIUMTEXT    NOT NULL,
    received_at       DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    KEY idx_pay_notify_event_order (merchant_id, out_trade_no)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
