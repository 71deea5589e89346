-- Issue 17 (retention): the body of a settled raw row (handled=1) is moved out of the hot table after
-- reconcile.retention.after (reconcile-service's RawRetention). The row itself, with its unique key, stays forever:
-- the duplicate check is the unique key, never the body. raw_body NULL on a raw row = archived; the body is in the
-- archive table under the same id (a later re-derive reads COALESCE(r.raw_body, a.raw_body)).
ALTER TABLE pay_notify_raw MODIFY raw_body MEDIUMTEXT NULL;
ALTER TABLE pay_refund_raw MODIFY raw_body MEDIUMTEXT NULL;

-- id is pay_notify_raw.id; the key columns are copied so the archive reads on its own.
CREATE TABLE pay_notify_raw_archive (
    id                BIGINT       NOT NULL,
    merchant_id       VARCHAR(64)  NOT NULL,
    channel           VARCHAR(16)  NOT NULL,
    channel_trade_no  VARCHAR(64)  NOT NULL,
    raw_body          MEDIUMTEXT   NOT NULL,
    created_at        DATETIME(3)  NOT NULL,
    archived_at       DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    KEY idx_pay_notify_raw_archive_trade (merchant_id, channel, channel_trade_no)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- id is pay_refund_raw.id; the key columns of uk_pay_refund_raw_status.
CREATE TABLE pay_refund_raw_archive (
    id                BIGINT       NOT NULL,
    merchant_id       VARCHAR(64)  NOT NULL,
    channel           VARCHAR(16)  NOT NULL,
    refund_key        VARCHAR(96)  NOT NULL,
    refund_state      VARCHAR(32)  NOT NULL,
    raw_body          MEDIUMTEXT   NOT NULL,
    created_at        DATETIME(3)  NOT NULL,
    archived_at       DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    KEY idx_pay_refund_raw_archive_refund (merchant_id, channel, refund_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The processor's replay audit is purged after processor.replay-audit.keep (ReplayAuditPurge): requests found by age.
CREATE INDEX idx_dlt_replay_requested ON dlt_replay (requested_at);
