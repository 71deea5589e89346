package io.paypipe.ingress.intake;

import java.sql.Timestamp;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code pay_notify_event}: the append-only log of intermediate and ignored
 * notifications. One is acknowledged only once its line is written; if it cannot be, the
 * caller answers the fail ack and the channel pushes again.
 */
@Repository
public class NotifyEventLog {

    private static final Logger log = LoggerFactory.getLogger(NotifyEventLog.class);

    private final JdbcClient jdbc;

    private final Clock clock;

    NotifyEventLog(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /**
     * {@link IntakeOutcome.Logged} once the line is written;
     * {@link IntakeOutcome.StorageFailed} (logged at error) when the database refused it.
     */
    public IntakeOutcome append(EventLogNotice n) {
        try {
            jdbc.sql("""
                    INSERT INTO pay_notify_event (tenant_id, merchant_id, channel, out_trade_no, channel_trade_no,
                        notify_id, state, raw_body, received_at)
                    VALUES (:tenantId, :merchantId, :channel, :outTradeNo, :channelTradeNo, :notifyId, :state,
                        :rawBody, :receivedAt)
                    """)
                .param("tenantId", n.tenantId().value())
                .param("merchantId", n.merchantId().value())
                .param("channel", n.channel().code())
                .param("outTradeNo", n.outTradeNo())
                .param("channelTradeNo", n.channelTradeNo())
                .param("notifyId", n.notifyId())
                .param("state", n.state())
                .param("rawBody", n.rawBody())
                .param("receivedAt", Timestamp.from(clock.instant()))
                .update();
            log.debug("{} intermediate state {} merchant={} outTradeNo={}: logged and acknowledged", n.channel().code(),
                    n.state(), n.merchantId(), n.outTradeNo());
            return new IntakeOutcome.Logged();
        }
        catch (DataAccessException e) {
            log.error("could not log {} intermediate state {} merchant={} outTradeNo={}: {}", n.channel().code(),
                    n.state(), n.merchantId(), n.outTradeNo(), e.getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
    }

}
