-- The reference downstream systems' own tables. Each applies an event id once through its unique key.
CREATE TABLE shipment (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    event_id      VARCHAR(64)  NOT NULL,
    order_id      BIGINT       NOT NULL,
    merchant_id   VARCHAR(64)  NOT NULL,
    out_trade_no  VARCHAR(64)  NOT NULL,
    created_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_shipment_event (event_id),
    KEY idx_shipment_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE points_grant (
    id            BIGINT       NOT NULL AUTO_INCREMENT,
    event_id      VARCHAR(64)  NOT NULL,
    order_id      BIGINT       NOT NULL,
    merchant_id   VARCHAR(64)  NOT NULL,
    points        BIGINT       NOT NULL,
    created_at    DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_points_grant_event (event_id),
    KEY idx_points_grant_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
