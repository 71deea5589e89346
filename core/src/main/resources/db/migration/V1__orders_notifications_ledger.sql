-- Orders as the merchant's order system created them. merchant_id is the merchant that owns the order:
-- the sub-merchant in service-provider mode (sp_merchant_id is then the provider), so two sub-merchants
-- with the same out_trade_no are two different orders.
CREATE TABLE orders (
    id                 BIGINT       NOT NULL AUTO_INCREMENT,
    tenant_id          VARCHAR(32)  NOT NULL,
    merchant_id        VARCHAR(64)  NOT NULL,
    sp_merchant_id     VARCHAR(64)  NULL,
    out_trade_no       VARCHAR(64)  NOT NULL,
    channel            VARCHAR(16)  NOT NULL,
    amount_minor       BIGINT       NOT NULL,
    currency           CHAR(3)      NOT NULL,
    status             VARCHAR(16)  NOT NULL,
    channel_trade_no   VARCHAR(64)  NULL,
    paid_amount_minor  BIGINT       NULL,
    paid_at            DATETIME(3)  NULL,
    created_at         DATETIME(3)  NOT NULL,
    updated_at         DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_orders_merchant_out_trade_no (merchant_id, out_trade_no),
    KEY idx_orders_status_created (status, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Every final-state notification that was verified, exactly once per channel trade number.
-- handled: 0 = received, not yet settled; 1 = applied (or a harmless duplicate); 2 = needs a person.
CREATE TABLE pay_notify_raw (
    id                  BIGINT        NOT NULL AUTO_INCREMENT,
    tenant_id           VARCHAR(32)   NOT NULL,
    merchant_id         VARCHAR(64)   NOT NULL,
    sp_merchant_id      VARCHAR(64)   NULL,
    channel             VARCHAR(16)   NOT NULL,
    channel_trade_no    VARCHAR(64)   NOT NULL,
    out_trade_no        VARCHAR(64)   NOT NULL,
    notify_id           VARCHAR(64)   NULL,
    trade_state         VARCHAR(32)   NOT NULL,
    order_amount_minor  BIGINT        NOT NULL,
    paid_amount_minor   BIGINT        NOT NULL,
    currency            CHAR(3)       NOT NULL,
    handled             TINYINT       NOT NULL DEFAULT 0,
    attempts            INT           NOT NULL DEFAULT 0,
    last_error          VARCHAR(512)  NULL,
    raw_body            MEDIUMTEXT    NOT NULL,
    created_at          DATETIME(3)   NOT NULL,
    updated_at          DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_pay_notify_raw_trade (merchant_id, channel, channel_trade_no),
    KEY idx_pay_notify_raw_handled_created (handled, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Money that arrived, one row per channel trade number. Never updated or deleted; corrections are new rows.
CREATE TABLE payment_ledger (
    id                  BIGINT       NOT NULL AUTO_INCREMENT,
    order_id            BIGINT       NOT NULL,
    tenant_id           VARCHAR(32)  NOT NULL,
    merchant_id         VARCHAR(64)  NOT NULL,
    channel             VARCHAR(16)  NOT NULL,
    channel_trade_no    VARCHAR(64)  NOT NULL,
    raw_id              BIGINT       NULL,
    order_amount_minor  BIGINT       NOT NULL,
    paid_amount_minor   BIGINT       NOT NULL,
    currency            CHAR(3)      NOT NULL,
    event_id            VARCHAR(64)  NOT NULL,
    paid_at             DATETIME(3)  NOT NULL,
    created_at          DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_payment_ledger_trade (channel, channel_trade_no),
    UNIQUE KEY uk_payment_ledger_event (event_id),
    KEY idx_payment_ledger_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Audit of every applied transition. credential is what justified it (a channel trade number, a refund
-- number); the unique key stops the same event from moving the same order twice.
CREATE TABLE order_transition (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    order_id      BIGINT       NOT NULL,
    event         VARCHAR(32)  NOT NULL,
    credential    VARCHAR(64)  NOT NULL,
    from_status   VARCHAR(16)  NOT NULL,
    to_status     VARCHAR(16)  NOT NULL,
    raw_id        BIGINT       NULL,
    created_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_order_transition (order_id, event, credential)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
