package io.paypipe.bench.baseline;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * The article's {@code pay_callback_log} (as {@code bench_sync_callback_log}): the
 * reserve is ONE autocommit INSERT, never inside a transaction; the unique key on
 * (merchant_id, channel, channel_trade_no) makes it atomic, a duplicate key means another
 * delivery already took it. The new id comes back as the INSERT's generated key (the
 * article's separate {@code SELECT LAST_INSERT_ID()} could run on another pooled
 * connection).
 */
final class CallbackLog {

    static final int PENDING = 0;
    static final int DONE = 1;

    private final JdbcClient jdbc;

    CallbackLog(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The new row's id, or null when this notification was already reserved. */
    Long reserve(PaidNotice notice) {
        KeyHolder id = new GeneratedKeyHolder();
        try {
            jdbc.sql("""
                    INSERT INTO bench_sync_callback_log
                        (merchant_id, channel, channel_trade_no, out_trade_no, trade_state, amount_fen, currency,
                         status, next_retry_at, raw_body)
                    VALUES (:merchant, :channel, :tradeNo, :outTradeNo, :state, :amount, :currency, 0, NOW(), :raw)""")
                .param("merchant", notice.merchantId())
                .param("channel", PaidNotice.CHANNEL)
                .param("tradeNo", notice.transactionId())
                .param("outTradeNo", notice.outTradeNo())
                .param("state", notice.tradeState())
                .param("amount", notice.totalFen())
                .param("currency", notice.currency())
                .param("raw", notice.rawBody())
                .update(id);
        }
        catch (DuplicateKeyException e) {
            return null;
        }
        return id.getKey().longValue();
    }

    void markDone(long id) {
        jdbc.sql("UPDATE bench_sync_callback_log SET status = :done WHERE id = :id")
            .param("done", DONE)
            .param("id", id)
            .update();
    }

}
