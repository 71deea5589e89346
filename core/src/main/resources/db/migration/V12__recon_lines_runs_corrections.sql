-- Issue 14: daily bill reconciliation, part 2.
-- recon_batch: run_no numbers the runs of one (channel, merchant, day, run kind): T+1 and T+3 run once (run_no 0)
-- unless their run was BLOCKED or died RUNNING, then the next number; every RERUN takes the next number. Two runs
-- started at once compute the same number and the unique key lets one of them in (the other reports the winner).
-- source: FETCH (downloaded from the channel) | IMPORT (a file given by a person). bill_bytes: bytes read of the
-- download or file. compared: detail lines compared with the ledger and refunds. diffs_open: differences this run
-- found (new or still holding); diffs_resolved: open differences of the day this run no longer found (closed).
ALTER TABLE recon_batch
    ADD COLUMN run_no          INT          NOT NULL DEFAULT 0 AFTER run_kind,
    ADD COLUMN source          VARCHAR(8)   NOT NULL DEFAULT 'FETCH' AFTER run_no,
    ADD COLUMN bill_bytes      BIGINT       NOT NULL DEFAULT 0 AFTER rows_read,
    ADD COLUMN compared        BIGINT       NOT NULL DEFAULT 0 AFTER fees,
    ADD COLUMN diffs_open      BIGINT       NOT NULL DEFAULT 0 AFTER compared,
    ADD COLUMN diffs_resolved  BIGINT       NOT NULL DEFAULT 0 AFTER diffs_open,
    DROP INDEX uk_recon_batch_day_run,
    ADD UNIQUE KEY uk_recon_batch_day_run (channel, merchant_id, bill_day, run_kind, run_no),
    ADD KEY idx_recon_batch_day (channel, merchant_id, bill_day);

-- recon_diff: channel_refund_id is the channel's refund id of a refund's difference ('' for a payment's and when the
-- bill does not give one), beside refund_no (OUR refund number, '' for a refund made in the channel's dashboard):
-- one meaning per column. field is part of the identity (a payment may differ in its amount and in its fee).
-- handle_note: why a person ignored or corrected it, or what resolved it.
ALTER TABLE recon_diff
    ADD COLUMN channel_refund_id VARCHAR(64)  NOT NULL DEFAULT '' AFTER refund_no,
    ADD COLUMN handle_note       VARCHAR(256) NULL AFTER handled_at,
    DROP INDEX uk_recon_diff_identity,
    ADD UNIQUE KEY uk_recon_diff_identity (channel, merchant_id, bill_day, category, channel_trade_no, refund_no,
        channel_refund_id, field),
    ADD KEY idx_recon_diff_trade (channel, channel_trade_no, handle_status);

-- The detail lines of a batch's bill as read (the bill is streamed into this table, never held in memory whole),
-- compared with the ledger and refunds in SQL. A later run of the same day stores its own lines; lines of the
-- neighbouring days' latest runs absorb payments settled across midnight. kind: PAYMENT | REFUND | FEE. Amounts in
-- minor units, never negative: amount_minor is what the line moved, fee_minor the channel's fee on it.
-- occurred_at: the line's time (UTC). channel_state: the channel's status word as the bill writes it.
CREATE TABLE recon_bill_line (
    batch_id           BIGINT       NOT NULL,
    line_no            BIGINT       NOT NULL,
    kind               VARCHAR(8)   NOT NULL,
    channel_trade_no   VARCHAR(64)  NOT NULL,
    out_trade_no       VARCHAR(64)  NULL,
    refund_no          VARCHAR(64)  NULL,
    channel_refund_id  VARCHAR(64)  NULL,
    amount_minor       BIGINT       NOT NULL,
    fee_minor          BIGINT       NOT NULL,
    currency           CHAR(3)      NOT NULL,
    occurred_at        DATETIME(3)  NOT NULL,
    channel_state      VARCHAR(32)  NOT NULL,
    PRIMARY KEY (batch_id, line_no),
    KEY idx_recon_bill_line_trade (channel_trade_no, batch_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A correction of our side found by reconciliation: a new row, never an update or delete of a money row
-- (payment_ledger, refund). amount_minor is signed and adds to our side's amount of the payment (refund_no '') or
-- refund: our effective amount = the stored amount + the sum of its corrections. One correction per difference.
CREATE TABLE ledger_correction (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    diff_id           BIGINT        NOT NULL,
    channel           VARCHAR(16)   NOT NULL,
    merchant_id       VARCHAR(64)   NOT NULL,
    channel_trade_no  VARCHAR(64)   NOT NULL,
    refund_no         VARCHAR(64)   NOT NULL DEFAULT '',
    amount_minor      BIGINT        NOT NULL,
    currency          CHAR(3)       NOT NULL,
    reason            VARCHAR(256)  NOT NULL,
    created_by        VARCHAR(64)   NOT NULL,
    created_at        DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_ledger_correction_diff (diff_id),
    KEY idx_ledger_correction_trade (channel, channel_trade_no)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
