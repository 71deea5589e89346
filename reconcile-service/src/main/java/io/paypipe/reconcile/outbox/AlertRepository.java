package io.paypipe.reconcile.outbox;

import io.paypipe.core.event.OpsAlertRaised;
import java.sql.Timestamp;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

// replaced by service-support when merged
/**
 * {@code ops_alert}: one row per alert key; raising the same alert again changes nothing.
 */
@Repository
class AlertRepository {

    private final JdbcClient jdbc;

    AlertRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * True when this call stored the alert, false when it existed (plain INSERT,
     * duplicate key = exists).
     */
    boolean raise(OpsAlertRaised a) {
        try {
            jdbc.sql("""
                    INSERT INTO ops_alert (alert_key, kind, severity, tenant_id, merchant_id, out_trade_no, channel,
                                           channel_trade_no, raw_id, message, event_id, created_at)
                    VALUES (:key, :kind, :severity, :tenant, :merchant, :outTradeNo, :channel, :tradeNo, :rawId,
                            :message, :eventId, :at)
                    """)
                .param("key", a.alertKey())
                .param("kind", a.kind().name())
                .param("severity", a.severity().name())
                .param("tenant", a.tenantId())
                .param("merchant", a.merchantId())
                .param("outTradeNo", a.outTradeNo())
                .param("channel", a.channel())
                .param("tradeNo", a.channelTradeNo())
                .param("rawId", a.rawId())
                .param("message", a.message())
                .param("eventId", a.eventId().value())
                .param("at", Timestamp.from(a.raisedAt()))
                .update();
            return true;
        }
        catch (DuplicateKeyException exists) {
            return false;
        }
    }

}
