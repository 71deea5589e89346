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
 * Stores a verified notification once and hands it to Kafka: reserve the raw row (one autocommit INSERT, a
 * duplicate finds the existing row), then publish and wait for the broker. A later delivery is published again
 * while the row is unsettled, or when the row is settled but the channel now reports another state (never dropped
 * silently: the processor decides); only a settled row reported in the same state is acknowledged without work.
 * Business logic lives in the processor, not here.
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
            case Reservation.Created created -> switch (publish(created.rawId(), n, now, false)) {
                case Publication.Confirmed c -> new IntakeOutcome.Published(created.rawId(), false);
                case Publication.Failed f -> new IntakeOutcome.PublishFailed(created.rawId());
            };
            case Reservation.Existing(RawNotification row) when !row.settled() -> {
                if (row.differsFrom(n.channelState())) {
                    log.warn("duplicate notification rawId={} tradeNo={} now says {} but {} was stored first",
                            row.id(), n.channelTradeNo(), n.channelState(), row.tradeState());
                }
                yield publishAgain(row, n, now, new IntakeOutcome.Published(row.id(), true));
            }
            case Reservation.Existing(RawNotification row) when !row.differsFrom(n.channelState()) -> {
                log.info("duplicate notification rawId={} {} tradeNo={} already handled (handled={}): acknowledged",
                        row.id(), n.channel().code(), n.channelTradeNo(), row.handled());
                yield new IntakeOutcome.AlreadySettled(row.id(), row.handled());
            }
            case Reservation.Existing(RawNotification row) -> {
                log.warn("settled notification rawId={} {} tradeNo={} (handled={}) now reports {} but {} is stored: "
                                + "published again for the processor to decide", row.id(), n.channel().code(),
                        n.channelTradeNo(), row.handled(), n.channelState(), row.tradeState());
                yield publishAgain(row, n, now, new IntakeOutcome.StateChangedRepublished(row.id(), row.handled(),
                        row.tradeState(), n.channelState()));
            }
        };
    }

    /** Publishes a later delivery of {@code row}, then moves its {@code last_delivered_at}; {@code confirmed} when both worked. */
    private IntakeOutcome publishAgain(RawNotification row, VerifiedNotification n, Instant now, IntakeOutcome confirmed) {
        if (publish(row.id(), n, now, true) instanceof Publication.Failed) {
            return new IntakeOutcome.PublishFailed(row.id());
        }
        try {
            rows.markDelivered(row.id(), now);
            return confirmed;
        } catch (DataAccessException e) {
            log.error("published rawId={} tradeNo={} again but could not record the delivery: {} <- {}; fail ack so the "
                            + "channel pushes again", row.id(), n.channelTradeNo(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
    }

    private Publication publish(long rawId, VerifiedNotification n, Instant now, boolean duplicate) {
        PaymentNotified event = new PaymentNotified(PaymentNotified.idFor(rawId), rawId, n.channel(), n.orderKey(),
                n.spMerchantId(), n.channelTradeNo(), n.state(), n.channelState(), n.orderAmount(), n.paidAmount(),
                n.paidAt(), now);
        Publication publication = publisher.publish(Topics.PAYMENT_NOTIFY, n.orderKey().kafkaKey(), event, rawId);
        switch (publication) {
            case Publication.Confirmed(int partition, long offset) -> log.info(
                    "notification published rawId={} eventId={} key={} tradeNo={} state={} duplicate={} partition={} offset={}",
                    rawId, event.eventId(), n.orderKey().kafkaKey(), n.channelTradeNo(), n.channelState(), duplicate,
                    partition, offset);
            case Publication.Failed(String reason) -> log.error(
                    "publish failed rawId={} key={} tradeNo={}: {}; fail ack so the channel pushes again",
                    rawId, n.orderKey().kafkaKey(), n.channelTradeNo(), reason);
        }
        return publication;
    }
}
