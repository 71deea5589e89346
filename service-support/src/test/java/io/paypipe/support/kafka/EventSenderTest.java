package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;

class EventSenderTest {

    private static final OpsAlertRaised ALERT = Alerts.of("GAVE_UP:dlt:t:0:1", Kind.GAVE_UP, Severity.ERROR,
            About.NOTHING, "gave up", Instant.parse("2025-03-01T10:15:30Z"));

    @SuppressWarnings("unchecked")
    private final KafkaTemplate<String, Object> template = mock(KafkaTemplate.class);

    private final EventSender sender = new EventSender(template, Duration.ofMillis(100)) {
        @Override
        protected RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause) {
            return new Unconfirmed(topic + " " + eventId, cause);
        }

        @Override
        protected RuntimeException failed(String topic, EventId eventId, Throwable failure) {
            return new Failed(topic + " " + eventId, failure);
        }
    };

    @Test
    void givenABrokerThatConfirms_whenAnEventIsSent_thenItIsSentToItsTopicUnderItsKey() {
        when(template.send("ops.alert", "k", ALERT)).thenReturn(CompletableFuture.completedFuture(null));

        sender.send(Topics.OPS_ALERT, "k", ALERT.eventId(), ALERT);

        verify(template).send("ops.alert", "k", ALERT);
    }

    @Test
    void givenABrokerThatDoesNotAnswerInTime_whenAnEventIsSent_thenItIsUnconfirmed() {
        when(template.send("ops.alert", "k", ALERT)).thenReturn(new CompletableFuture<>());

        assertThatThrownBy(() -> sender.send(Topics.OPS_ALERT, "k", ALERT.eventId(), ALERT))
            .isInstanceOf(Unconfirmed.class)
            .hasMessage("ops.alert " + ALERT.eventId());
    }

    @Test
    void givenASendThatFails_whenAnEventIsSent_thenTheServiceDecidesOnTheCause() {
        when(template.send("ops.alert", "refused", ALERT))
            .thenReturn(CompletableFuture.failedFuture(new RecordTooLargeException("too large")));
        when(template.send("ops.alert", "unserializable", ALERT)).thenThrow(new SerializationException("no"));

        assertThatThrownBy(() -> sender.send(Topics.OPS_ALERT, "refused", ALERT.eventId(), ALERT))
            .isInstanceOf(Failed.class)
            .hasCauseInstanceOf(RecordTooLargeException.class);
        assertThatThrownBy(() -> sender.send(Topics.OPS_ALERT, "unserializable", ALERT.eventId(), ALERT))
            .isInstanceOf(Failed.class)
            .hasCauseInstanceOf(SerializationException.class);
    }

    @Test
    void givenEventsSentLater_whenTheyAreAwaited_thenEachFailsAsASendWouldHave() {
        // Given three sends in flight: one confirmed, one refused, one that failed at
        // once
        when(template.send("ops.alert", "ok", ALERT)).thenReturn(CompletableFuture.completedFuture(null));
        when(template.send("ops.alert", "refused", ALERT))
            .thenReturn(CompletableFuture.failedFuture(new RecordTooLargeException("too large")));
        when(template.send("ops.alert", "unserializable", ALERT)).thenThrow(new SerializationException("no"));
        var ok = sender.sendLater(Topics.OPS_ALERT, "ok", ALERT.eventId(), ALERT);
        var refused = sender.sendLater(Topics.OPS_ALERT, "refused", ALERT.eventId(), ALERT);
        var unserializable = sender.sendLater(Topics.OPS_ALERT, "unserializable", ALERT.eventId(), ALERT);

        // When each is awaited with one deadline
        long deadline = sender.deadlineFromNow();

        // Then the confirmed one returns and the others fail with the service's failure
        ok.await(deadline);
        assertThat(ok.eventId()).isEqualTo(ALERT.eventId());
        assertThatThrownBy(() -> refused.await(deadline)).isInstanceOf(Failed.class)
            .hasCauseInstanceOf(RecordTooLargeException.class);
        assertThatThrownBy(() -> unserializable.await(deadline)).isInstanceOf(Failed.class)
            .hasCauseInstanceOf(SerializationException.class);
    }

    @Test
    void givenAnEventSentLater_whenTheBrokerDoesNotAnswerByTheDeadline_thenItIsUnconfirmed() {
        when(template.send("ops.alert", "k", ALERT)).thenReturn(new CompletableFuture<>());
        var pending = sender.sendLater(Topics.OPS_ALERT, "k", ALERT.eventId(), ALERT);

        assertThatThrownBy(() -> pending.await(sender.deadlineFromNow())).isInstanceOf(Unconfirmed.class)
            .hasMessage("ops.alert " + ALERT.eventId());
    }

    @Test
    void givenAnInterruptedWait_whenAnEventIsSent_thenItIsUnconfirmedAndTheThreadStaysInterrupted() {
        when(template.send("ops.alert", "k", ALERT)).thenReturn(new CompletableFuture<>());
        Thread.currentThread().interrupt();

        try {
            assertThatThrownBy(() -> sender.send(Topics.OPS_ALERT, "k", ALERT.eventId(), ALERT))
                .isInstanceOf(Unconfirmed.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        }
        finally {
            Thread.interrupted();
        }
    }

    static final class Unconfirmed extends RuntimeException {

        Unconfirmed(String message, Throwable cause) {
            super(message, cause);
        }

    }

    static final class Failed extends RuntimeException {

        Failed(String message, Throwable cause) {
            super(message, cause);
        }

    }

}
