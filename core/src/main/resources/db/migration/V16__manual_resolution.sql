-- Issue 17, the operator console: a raw payment row set aside for a person (pay_notify_raw.handled = 2) that a person
-- resolved. The console's resolve is one guarded UPDATE handled 2 -> 1 (only while the row is still 2) and one row
-- here in the same transaction: who (the signed-in account), when, the note, and the outcome and reason the row had
-- when it was resolved (a later re-derive may change them). A row may be resolved again after a re-derive set it back.
CREATE TABLE raw_resolution (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    raw_id        BIGINT        NOT NULL,
    outcome       VARCHAR(32)   NULL,
    last_error    VARCHAR(512)  NULL,
    resolved_by   VARCHAR(64)   NOT NULL,
    note          VARCHAR(512)  NOT NULL,
    resolved_at   DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    KEY idx_raw_resolution_raw (raw_id),
    KEY idx_raw_resolution_resolved_at (resolved_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
