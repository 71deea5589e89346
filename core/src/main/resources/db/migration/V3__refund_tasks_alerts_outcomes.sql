-- What the processor decided for each raw notification (Applied, Duplicate, Illegal..., Mismatch, ...),
-- so operators and the auditor can count outcomes without parsing last_error.
ALTER TABLE pay_notify_raw ADD COLUMN outcome VARCHAR(32) NULL AFTER handled;

-- Money that arrived for an order that cannot take it (a second payment, a payment after close) must go
-- back. One task per (tenant, order, channel trade number): a plain INSERT, a duplicate key means the task
-- exists; never check-then-insert, or two threads create two tasks and refund twice.
CREATE TABLE refund_task (
    id                BIGINT       NOT NULL AUTO_INCREMENT,
    tenant_id         VARCHAR(32)  NOT NULL,
    order_id          BIGINT       NOT NULL,
    merchant_id       VARCHAR(64)  NOT NULL,
    channel           VARCHAR(16)  NOT NULL,
    channel_trade_no  VARCHAR(64)  NOT NULL,
    raw_id            BIGINT       NOT NULL,
    reason            VARCHAR(32)  NOT NULL,
    amount_minor      BIGINT       NOT NULL,
    currency          CHAR(3)      NOT NULL,
    status            VARCHAR(16)  NOT NULL,
    event_id          VARCHAR(64)  NOT NULL,
    created_at        DATETIME(3)  NOT NULL,
    updated_at        DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_refund_task (tenant_id, order_id, channel_trade_no)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Everything a person must look at. alert_key makes raising the same alert again (a redelivered record)
-- harmless.
CREATE TABLE ops_alert (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    alert_key         VARCHAR(128)  NOT NULL,
    kind              VARCHAR(48)   NOT NULL,
    severity          VARCHAR(8)    NOT NULL,
    tenant_id         VARCHAR(32)   NULL,
    merchant_id       VARCHAR(64)   NULL,
    out_trade_no      VARCHAR(64)   NULL,
    channel           VARCHAR(16)   NULL,
    channel_trade_no  VARCHAR(64)   NULL,
    raw_id            BIGINT        NULL,
    message           VARCHAR(512)  NOT NULL,
    event_id          VARCHAR(64)   NOT NULL,
    created_at        DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_ops_alert_key (alert_key),
    KEY idx_ops_alert_kind_created (kind, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Refunds by OUR refund number, generated and stored before the channel is called (refund-service).
CREATE TABLE refund (
    id                BIGINT       NOT NULL AUTO_INCREMENT,
    refund_no         VARCHAR(64)  NOT NULL,
    tenant_id         VARCHAR(32)  NOT NULL,
    order_id          BIGINT       NOT NULL,
    channel           VARCHAR(16)  NOT NULL,
    channel_trade_no  VARCHAR(64)  NOT NULL,
    amount_minor      BIGINT       NOT NULL,
    currency          CHAR(3)      NOT NULL,
    status            VARCHAR(16)  NOT NULL,
    created_at        DATETIME(3)  NOT NULL,
    updated_at        DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_refund_no (refund_no),
    KEY idx_refund_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
