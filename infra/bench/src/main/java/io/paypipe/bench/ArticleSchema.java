package io.paypipe.bench;

/**
 * The articles' tables as the benchmark models them, defined once for the synchronous
 * baseline and the backlog cost: the callback log ({@code pay_callback_log}: unique
 * {@code (merchant_id, channel, channel_trade_no)} to reserve,
 * {@code idx_retry(status, next_retry_at)} for the retry job) and the orders the business
 * step updates. Amounts are integer fen where the article has DECIMAL. Never the
 * product's tables.
 */
public final class ArticleSchema {

    private ArticleSchema() {
    }

    /**
     * {@code CREATE TABLE IF NOT EXISTS} of the article's callback log under the name
     * {@code table}.
     */
    public static String callbackLog(String table) {
        return """
                CREATE TABLE IF NOT EXISTS %s (
                  id               BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
                  merchant_id      VARCHAR(32)  NOT NULL DEFAULT 'default',
                  channel          VARCHAR(16)  NOT NULL,
                  channel_trade_no VARCHAR(64)  NOT NULL,
                  out_trade_no     VARCHAR(64)  NOT NULL,
                  trade_state      VARCHAR(16)  NOT NULL,
                  amount_fen       BIGINT       NOT NULL,
                  currency         CHAR(3)      NOT NULL,
                  status           TINYINT      NOT NULL DEFAULT 0 COMMENT '0=pending 1=done 2=dead letter',
                  retry_count      INT          NOT NULL DEFAULT 0,
                  next_retry_at    DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
                  raw_body         TEXT         NOT NULL,
                  created_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
                  updated_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
                  PRIMARY KEY (id),
                  UNIQUE KEY uk_trade (merchant_id, channel, channel_trade_no),
                  KEY idx_retry (status, next_retry_at)
                ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4""".formatted(table);
    }

    /**
     * {@code CREATE TABLE IF NOT EXISTS} of the article's orders under the name
     * {@code table}.
     */
    public static String orders(String table) {
        return """
                CREATE TABLE IF NOT EXISTS %s (
                  id               BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
                  merchant_id      VARCHAR(32)  NOT NULL,
                  out_trade_no     VARCHAR(64)  NOT NULL,
                  amount_fen       BIGINT       NOT NULL,
                  currency         CHAR(3)      NOT NULL,
                  status           VARCHAR(16)  NOT NULL,
                  channel_trade_no VARCHAR(64)  NULL,
                  paid_at          DATETIME(3)  NULL,
                  created_at       DATETIME     NOT NULL DEFAULT CURRENT_TIMESTAMP,
                  PRIMARY KEY (id),
                  UNIQUE KEY uk_order (merchant_id, out_trade_no)
                ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4""".formatted(table);
    }

}
