package io.paypipe.reconcile.raw;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.reconcile.raw.RawPayment.Rebuild;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.springframework.stereotype.Component;

/**
 * The one place reconcile-service publishes a {@code PaymentNotified} from a
 * {@code pay_notify_raw} row, as ingress publishes it: rebuilt from the row's columns
 * ({@link RawPayment#rebuild}: event id {@link PaymentNotified#idFor} of the raw id), key
 * {@code OrderKey.kafkaKey()}, header {@code paypipe-raw-id}, to {@code payment.notify},
 * waiting for the broker. Used by the outbox (a row still unsettled, published again) and
 * by the active query (a row it stored, or the callback's row it lost to). Never throws
 * for a broker that does not confirm: that is a {@link Publication.Failed}.
 */
@Component
public class NotificationPublisher {

    /** What became of one publish. */
    public sealed interface Publication {

        /** The broker confirmed {@code event}. */
        record Confirmed(PaymentNotified event) implements Publication {
        }

        /** The broker did not confirm {@code event} (a log-safe reason). */
        record Failed(PaymentNotified event, String reason) implements Publication {
        }

        /** The row cannot be published: it lacks what the event needs. */
        record Impossible(String reason) implements Publication {
        }

    }

    private final EventPublisher publisher;

    NotificationPublisher(EventPublisher publisher) {
        this.publisher = publisher;
    }

    public Publication publish(RawPayment row) {
        return switch (row.rebuild()) {
            case Rebuild.Impossible(String reason) -> new Publication.Impossible(reason);
            case Rebuild.Event(PaymentNotified event) -> publish(event);
        };
    }

    private Publication publish(PaymentNotified event) {
        try {
            publisher.send(Topics.PAYMENT_NOTIFY, event.orderKey().kafkaKey(), event.eventId(), event,
                    List.of(new RecordHeader(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(event.rawId()))));
            return new Publication.Confirmed(event);
        }
        catch (RuntimeException e) {
            return new Publication.Failed(event, e.getMessage());
        }
    }

}
