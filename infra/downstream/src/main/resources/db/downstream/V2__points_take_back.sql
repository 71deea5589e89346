-- Issue 12: the points service takes points back once per refund (order.refunded). One row per event id, the same
-- way points_grant applies order.paid; points is what this refund took back (a positive number).
CREATE TABLE points_take_back (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    event_id      VARCHAR(64)  NOT NULL,
    order_id      BIGINT       NOT NULL,
    merchant_id   VARCHAR(64)  NOT NULL,
    refund_no     VARCHAR(64)  NULL,
    points        BIGINT       NOT NULL,
    created_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_points_take_back_event (event_id),
    KEY idx_points_take_back_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
