package io.paypipe.ingress.intake;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.intake.NotifyPublisher.Publication;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/**
 * Stores a verified notification once and hands it to Kafka: reserve the raw row (one autocommit INSERT,
 * a duplicate finds the existing row), skip it if an earlier delivery was already settled, otherwise
 * publish and wait for the broker. Business logic lives in the processor, not here.
 */
@Service
public class NotificationIntake {

    private static final Logger log = LoggerFactory.getLogger(NotificationIntake.class);

    private final RawNotificationRepository rows;
    private final NotifyPublisher publisher;
    private final Clock clock;

    NotificationIntake(RawNotificationRepository rows, NotifyPublisher publisher, Clock clock) {
        this.rows = rows;
        this.publisher = publisher;
        this.clock = clock;
    }

    public IntakeOutcome accept(VerifiedNotification n) {
        Instant now = clock.instant();
        Reservation reservation;
        try {
            reservation = rows.reserve(n, now);
        } catch (DataAccessException e) {
            // class names only: a driver message may quote a fragment of the stored body
            log.error("storage failed for {} notification merchant={} tradeNo={}: {} <- {}", n.channel().code(),
                    n.orderKey().merchantId(), n.channelTradeNo(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
        return switch (reservation) {
            case Reservation.Created created -> publish(created.rawId(), n, now, false);
            case Reservation.Existing(RawNotification row) when row.settled() -> {
                log.info("duplicate notification rawId={} {} tradeNo={} already handled (handled={}): acknowledged",
                        row.id(), n.channel().code(), n.channelTradeNo(), row.handled());
                yield new IntakeOutcome.AlreadySettled(row.id(), row.handled());
            }
            case Reservation.Existing(RawNotification row) -> {
                if (!row.tradeState().equals(n.channelState())) {
                    log.warn("duplicate notification rawId={} tradeNo={} now says {} but {} was stored first",
                            row.id(), n.channelTradeNo(), n.channelState(), row.tradeState());
                }
                yield publish(row.id(), n, now, true);
            }
        };
    }

    private IntakeOutcome publish(long rawId, VerifiedNotification n, Instant now, boolean duplicate) {
        PaymentNotified event = new PaymentNotified(PaymentNotified.idFor(rawId), rawId, n.channel(), n.orderKey(),
                n.spMerchantId(), n.channelTradeNo(), n.state(), n.channelState(), n.orderAmount(), n.paidAmount(),
                n.paidAt(), now);
        return switch (publisher.publish(Topics.PAYMENT_NOTIFY, n.orderKey().kafkaKey(), event)) {
            case Publication.Confirmed(int partition, long offset) -> {
                log.info("notification published rawId={} eventId={} key={} tradeNo={} state={} duplicate={} partition={} offset={}",
                        rawId, event.eventId(), n.orderKey().kafkaKey(), n.channelTradeNo(), n.channelState(),
                        duplicate, partition, offset);
                yield new IntakeOutcome.Published(rawId, duplicate);
            }
            case Publication.Failed(String reason) -> {
                log.error("publish failed rawId={} key={} tradeNo={}: {}; row stays handled=0, fail ack so the channel pushes again",
                        rawId, n.orderKey().kafkaKey(), n.channelTradeNo(), reason);
                yield new IntakeOutcome.PublishFailed(rawId);
            }
        };
    }
}
