package io.paypipe.ingress.intake;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.intake.NotifyPublisher.Publication;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/**
 * Refund notifications, the same way as payments: reserve the {@code pay_refund_raw} row by our refund
 * number, skip a settled one, otherwise publish to {@code refund.notify} and wait for the broker.
 */
@Service
public class RefundIntake {

    private static final Logger log = LoggerFactory.getLogger(RefundIntake.class);

    private final RefundRawRepository rows;
    private final NotifyPublisher publisher;
    private final Clock clock;

    RefundIntake(RefundRawRepository rows, NotifyPublisher publisher, Clock clock) {
        this.rows = rows;
        this.publisher = publisher;
        this.clock = clock;
    }

    public IntakeOutcome accept(VerifiedRefund r) {
        Instant now = clock.instant();
        Reservation reservation;
        try {
            reservation = rows.reserve(r, now);
        } catch (DataAccessException e) {
            log.error("storage failed for {} refund notification merchant={} refundNo={}: {} <- {}", r.channel().code(),
                    r.orderKey().merchantId(), r.refundNo(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
        return switch (reservation) {
            case Reservation.Created created -> publish(created.rawId(), r, now, false);
            case Reservation.Existing(RawNotification row) when row.settled() -> {
                log.info("duplicate refund notification rawId={} {} refundNo={} already handled (handled={}): acknowledged",
                        row.id(), r.channel().code(), r.refundNo(), row.handled());
                yield new IntakeOutcome.AlreadySettled(row.id(), row.handled());
            }
            case Reservation.Existing(RawNotification row) -> {
                if (!row.tradeState().equals(r.channelState())) {
                    log.warn("duplicate refund notification rawId={} refundNo={} now says {} but {} was stored first",
                            row.id(), r.refundNo(), r.channelState(), row.tradeState());
                }
                yield publish(row.id(), r, now, true);
            }
        };
    }

    private IntakeOutcome publish(long rawId, VerifiedRefund r, Instant now, boolean duplicate) {
        var event = new RefundNotified(RefundNotified.idFor(rawId), rawId, r.channel(), r.orderKey(), r.spMerchantId(),
                r.refundNo(), r.channelRefundId(), r.channelTradeNo(), r.state(), r.channelState(), r.refundAmount(),
                r.succeededAt(), now);
        return switch (publisher.publish(Topics.REFUND_NOTIFY, r.orderKey().kafkaKey(), event)) {
            case Publication.Confirmed(int partition, long offset) -> {
                log.info("refund notification published rawId={} eventId={} key={} refundNo={} state={} duplicate={} partition={} offset={}",
                        rawId, event.eventId(), r.orderKey().kafkaKey(), r.refundNo(), r.channelState(), duplicate,
                        partition, offset);
                yield new IntakeOutcome.Published(rawId, duplicate);
            }
            case Publication.Failed(String reason) -> {
                log.error("refund publish failed rawId={} key={} refundNo={}: {}; row stays handled=0, fail ack",
                        rawId, r.orderKey().kafkaKey(), r.refundNo(), reason);
                yield new IntakeOutcome.PublishFailed(rawId);
            }
        };
    }
}
