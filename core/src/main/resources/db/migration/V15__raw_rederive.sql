-- Issue 17: re-derives of raw rows by operators (POST /ops/rederive on ingress with apply). One row per raw row
-- re-derived or refused: which request, who asked and why, the derived values before and after, and the result
-- (REDERIVED, PUBLISH_FAILED, CONFLICT, REJECTED, MISMATCH). Written before the raw row is updated, so a request that
-- fails half-way is still on record. A dry run writes nothing.
CREATE TABLE raw_rederive (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    rederive_id   VARCHAR(36)   NOT NULL,
    raw_table     VARCHAR(32)   NOT NULL,
    raw_id        BIGINT        NOT NULL,
    requested_by  VARCHAR(64)   NOT NULL,
    reason        VARCHAR(512)  NOT NULL,
    before_state  VARCHAR(255)  NULL,
    after_state   VARCHAR(255)  NULL,
    result        VARCHAR(16)   NOT NULL,
    detail        VARCHAR(512)  NULL,
    event_id      VARCHAR(64)   NULL,
    created_at    DATETIME(3)   NOT NULL,
    updated_at    DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    KEY idx_raw_rederive_request (rederive_id),
    KEY idx_raw_rederive_row (raw_table, raw_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
