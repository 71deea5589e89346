package io.paypipe.support.alert;

import io.paypipe.core.event.OpsAlertRaised;
import java.sql.Timestamp;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code ops_alert}: one row per alert key; raising the same alert again changes nothing.
 */
@Repository
public class AlertRepository {

    private final JdbcClient jdbc;

    public AlertRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * True when this call stored the alert, false when it existed (plain INSERT,
     * duplicate key = exists).
     */
    public boolean raise(OpsAlertRaised a) {
        try {
            jdbc.sql("""
                    INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                                           channel_trade_no, raw_id, message, event_id, created_at)
                    VALUES (:key, :kind, :severity, :tenant, :merchant, :outTradeNo, :channel, :tradeNo, :rawId,
                            :message, :eventId, :at)
                    """)
                .param("key", clip(a.alertKey(), 128))
                .param("kind", a.kind().name())
                .param("severity", a.severity().name())
                .param("tenant", clip(a.tenantId(), 32))
                .param("merchant", clip(a.merchantId(), 64))
                .param("outTradeNo", clip(a.outTradeNo(), 64))
                .param("channel", clip(a.channel(), 16))
                .param("tradeNo", clip(a.channelTradeNo(), 64))
                .param("rawId", a.rawId())
                .param("message", clip(a.message(), 512))
                .param("eventId", a.eventId().value())
                .param("at", Timestamp.from(a.raisedAt()))
                .update();
            return true;
        }
        catch (DuplicateKeyException exists) {
            return false;
        }
    }

    /**
     * The references of an alert may come from a record that broke the contract (a dead
     * letter's key): cut to the column's width, so the alert about a bad record is never
     * refused for the same badness.
     */
    static String clip(String value, int width) {
        return value == null || value.length() <= width ? value : value.substring(0, width);
    }

}
