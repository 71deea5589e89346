-- Issue 14: daily bill reconciliation.
-- One row per reconciliation of a channel's bill for one merchant and day. bill_day is the day in the channel's zone
-- (Asia/Shanghai for wechatpay/alipay, UTC for stripe). run_kind: T+1 | T+3 | RERUN (the same day is reconciled at
-- T+1 and again at T+3). status: RUNNING | CLEAN | EMPTY_DAY | BLOCKED | DIFFS. reasons: why the guards blocked the
-- batch, one line per reason ("GUARD: detail"), NULL when none. rows_read: detail lines read; payments, refunds,
-- fees: of which kind. summary_*: what the bill's own summary says, NULL when it has none or does not state it.
-- confirmed_by: the person who confirmed a drop below the comparable day's share. The unique key makes a day
-- reconciled twice concurrently one batch: the second insert fails and that run stops.
CREATE TABLE recon_batch (
    id                      BIGINT       NOT NULL AUTO_INCREMENT,
    channel                 VARCHAR(16)  NOT NULL,
    merchant_id             VARCHAR(64)  NOT NULL,
    bill_day                DATE         NOT NULL,
    run_kind                VARCHAR(8)   NOT NULL,
    status                  VARCHAR(16)  NOT NULL,
    reasons                 TEXT         NULL,
    rows_read               BIGINT       NOT NULL DEFAULT 0,
    payments                BIGINT       NOT NULL DEFAULT 0,
    refunds                 BIGINT       NOT NULL DEFAULT 0,
    fees                    BIGINT       NOT NULL DEFAULT 0,
    summary_lines           BIGINT       NULL,
    summary_paid_minor      BIGINT       NULL,
    summary_refunded_minor  BIGINT       NULL,
    currency                CHAR(3)      NULL,
    confirmed_by            VARCHAR(64)  NULL,
    started_at              DATETIME(3)  NOT NULL,
    finished_at             DATETIME(3)  NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_recon_batch_day_run (channel, merchant_id, bill_day, run_kind),
    KEY idx_recon_batch_status (status, started_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One row per difference between a channel's bill and our ledger/refunds, per merchant and day. category:
-- CHANNEL_ONLY (the channel has it, we do not) | LOCAL_ONLY (we have it, the channel does not) | AMOUNT | STATUS |
-- FEE (differs from the merchant's configured rate). field: the field that differs; channel_value / local_value:
-- both sides' values as text, NULL for the side that has none. refund_no: our refund number for a refund's diff,
-- '' (never NULL) for a payment's, so that the unique key holds (MariaDB treats NULLs in a unique key as distinct):
-- a rerun of the day finds its diffs again and inserts none twice. handle_status: OPEN | RESOLVED | IGNORED;
-- handled_by / handled_at: who closed it and when (a rerun that no longer finds the difference resolves it).
-- batch_id: the recon_batch that last found it (no foreign key, like the other tables).
CREATE TABLE recon_diff (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    batch_id          BIGINT        NOT NULL,
    channel           VARCHAR(16)   NOT NULL,
    merchant_id       VARCHAR(64)   NOT NULL,
    bill_day          DATE          NOT NULL,
    category          VARCHAR(24)   NOT NULL,
    channel_trade_no  VARCHAR(64)   NOT NULL,
    refund_no         VARCHAR(64)   NOT NULL DEFAULT '',
    field             VARCHAR(32)   NOT NULL,
    channel_value     VARCHAR(128)  NULL,
    local_value       VARCHAR(128)  NULL,
    handle_status     VARCHAR(16)   NOT NULL,
    handled_by        VARCHAR(64)   NULL,
    handled_at        DATETIME(3)   NULL,
    created_at        DATETIME(3)   NOT NULL,
    updated_at        DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_recon_diff_identity (channel, merchant_id, bill_day, category, channel_trade_no, refund_no),
    KEY idx_recon_diff_batch (batch_id),
    KEY idx_recon_diff_open (handle_status, channel, merchant_id, bill_day)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
