-- Replays of dead letters by operators: who asked, when, why and for which selection (one row per request,
-- written before anything is published, so a request that fails half-way is still on record).
CREATE TABLE dlt_replay (
    id               BIGINT        NOT NULL AUTO_INCREMENT,
    replay_id        VARCHAR(36)   NOT NULL,
    requested_by     VARCHAR(64)   NOT NULL,
    reason           VARCHAR(512)  NOT NULL,
    requested_at     DATETIME(3)   NOT NULL,
    selection_kind   VARCHAR(8)    NOT NULL,
    selection_json   TEXT          NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_dlt_replay (replay_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One row per dead letter a replay republished: where it was on the dead-letter topic, what it was (raw row,
-- event id, order key) and where it went (target partition/offset, once the broker confirmed). Status goes
-- PENDING (recorded, about to publish) -> PUBLISHED or FAILED. The unique key makes replaying the same dead
-- letter under the same replay request harmless: the row exists, a PUBLISHED one is not published again.
CREATE TABLE dlt_replay_record (
    id                BIGINT        NOT NULL AUTO_INCREMENT,
    replay_id         VARCHAR(36)   NOT NULL,
    dlt_topic         VARCHAR(128)  NOT NULL,
    dlt_partition     INT           NOT NULL,
    dlt_offset        BIGINT        NOT NULL,
    raw_id            BIGINT        NULL,
    event_id          VARCHAR(64)   NULL,
    order_key         VARCHAR(160)  NULL,
    error_class       VARCHAR(255)  NULL,
    target_topic      VARCHAR(128)  NOT NULL,
    target_partition  INT           NULL,
    target_offset     BIGINT        NULL,
    status            VARCHAR(16)   NOT NULL,
    last_error        VARCHAR(512)  NULL,
    created_at        DATETIME(3)   NOT NULL,
    updated_at        DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_dlt_replay_record (replay_id, dlt_topic, dlt_partition, dlt_offset),
    KEY ix_dlt_replay_record_source (dlt_topic, dlt_partition, dlt_offset)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
