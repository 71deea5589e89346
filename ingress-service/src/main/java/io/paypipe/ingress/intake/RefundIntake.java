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
 * Refund notifications, the same way as payments: reserve the {@code pay_refund_raw} row by our refund number,
 * publish to {@code refund.notify} and wait for the broker. A later delivery is published again while the row is
 * unsettled, or when it is settled but the channel now reports another refund state (a refund that succeeded
 * after it was reported closed must reach the refund service); a settled row in the same state is only acked.
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
            case Reservation.Created created -> switch (publish(created.rawId(), r, now, false)) {
                case Publication.Confirmed c -> new IntakeOutcome.Published(created.rawId(), false);
                case Publication.Failed f -> new IntakeOutcome.PublishFailed(created.rawId());
            };
            case Reservation.Existing(RawNotification row) when !row.settled() -> {
                if (row.differsFrom(r.channelState())) {
                    log.warn("duplicate refund notification rawId={} refundNo={} now says {} but {} was stored first",
                            row.id(), r.refundNo(), r.channelState(), row.tradeState());
                }
                yield publishAgain(row, r, now, new IntakeOutcome.Published(row.id(), true));
            }
            case Reservation.Existing(RawNotification row) when !row.differsFrom(r.channelState()) -> {
                log.info("duplicate refund notification rawId={} {} refundNo={} already handled (handled={}): acknowledged",
                        row.id(), r.channel().code(), r.refundNo(), row.handled());
                yield new IntakeOutcome.AlreadySettled(row.id(), row.handled());
            }
            case Reservation.Existing(RawNotification row) -> {
                log.warn("settled refund notification rawId={} {} refundNo={} (handled={}) now reports {} but {} is stored: "
                                + "published again for the refund service to decide", row.id(), r.channel().code(),
                        r.refundNo(), row.handled(), r.channelState(), row.tradeState());
                yield publishAgain(row, r, now, new IntakeOutcome.StateChangedRepublished(row.id(), row.handled(),
                        row.tradeState(), r.channelState()));
            }
        };
    }

    /** Publishes a later delivery of {@code row}, then moves its {@code last_delivered_at}; {@code confirmed} when both worked. */
    private IntakeOutcome publishAgain(RawNotification row, VerifiedRefund r, Instant now, IntakeOutcome confirmed) {
        if (publish(row.id(), r, now, true) instanceof Publication.Failed) {
            return new IntakeOutcome.PublishFailed(row.id());
        }
        try {
            rows.markDelivered(row.id(), now);
            return confirmed;
        } catch (DataAccessException e) {
            log.error("published refund rawId={} refundNo={} again but could not record the delivery: {} <- {}; fail ack "
                            + "so the channel pushes again", row.id(), r.refundNo(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
    }

    private Publication publish(long rawId, VerifiedRefund r, Instant now, boolean duplicate) {
        var event = new RefundNotified(RefundNotified.idFor(rawId), rawId, r.channel(), r.orderKey(), r.spMerchantId(),
                r.refundNo(), r.channelRefundId(), r.channelTradeNo(), r.state(), r.channelState(), r.refundAmount(),
                r.succeededAt(), now);
        Publication publication = publisher.publish(Topics.REFUND_NOTIFY, r.orderKey().kafkaKey(), event, rawId);
        switch (publication) {
            case Publication.Confirmed(int partition, long offset) -> log.info(
                    "refund notification published rawId={} eventId={} key={} refundNo={} state={} duplicate={} partition={} offset={}",
                    rawId, event.eventId(), r.orderKey().kafkaKey(), r.refundNo(), r.channelState(), duplicate,
                    partition, offset);
            case Publication.Failed(String reason) -> log.error(
                    "refund publish failed rawId={} key={} refundNo={}: {}; fail ack so the channel pushes again",
                    rawId, r.orderKey().kafkaKey(), r.refundNo(), reason);
        }
        return publication;
    }
}
