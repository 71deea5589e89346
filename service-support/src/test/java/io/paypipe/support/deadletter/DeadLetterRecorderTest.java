package io.paypipe.support.deadletter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.support.RecordingTransactions;
import io.paypipe.support.TestSettings;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.support.TransactionTemplate;

class DeadLetterRecorderTest {

    private static final ConsumerRecord<String, byte[]> DLT = new ConsumerRecord<>("refund.notify-dlt", 1, 9L, "k",
            new byte[0]);

    private static final OpsAlertRaised ALERT = Alerts.aboutDeadLetter(DLT, Kind.DEAD_LETTER, About.NOTHING,
            "unreadable", Instant.parse("2025-03-01T10:15:30Z"));

    private final AlertRepository alerts = mock(AlertRepository.class);

    private final AlertPublisher publisher = mock(AlertPublisher.class);

    private final RecordingTransactions transactions = new RecordingTransactions();

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private final DeadLetterRecorder recorder = new DeadLetterRecorder(new TransactionTemplate(transactions), alerts,
            publisher, TestSettings.of("refund", Duration.ofMillis(1), Duration.ofMillis(1)), meters);

    @Test
    void givenAWorkingDatabase_whenADeadLetterIsRecorded_thenTheAlertAndTheSettlingCommitTogetherThenItIsPublished() {
        List<String> settled = new ArrayList<>();

        recorder.record(DLT, ALERT, () -> settled.add("raw set aside"));

        verify(alerts).raise(ALERT);
        assertThat(settled).containsExactly("raw set aside");
        assertThat(transactions.outcomes()).containsExactly("commit");
        verify(publisher).publishQuietly(ALERT);
        assertThat(meters.counter("paypipe.dead_letters", "topic", "refund.notify-dlt", "kind", "DEAD_LETTER").count())
            .isOne();
        assertThat(meters.counter("paypipe.dead_letters.unrecorded", "topic", "refund.notify-dlt").count()).isZero();
    }

    @Test
    void givenADatabaseBackAfterTwoAttempts_whenADeadLetterIsRecorded_thenTheThirdAttemptStoresIt() {
        when(alerts.raise(any())).thenThrow(new DataAccessResourceFailureException("down"))
            .thenThrow(new DataAccessResourceFailureException("down"))
            .thenReturn(true);

        recorder.record(DLT, ALERT, () -> {
        });

        verify(alerts, times(3)).raise(ALERT);
        assertThat(transactions.outcomes()).containsExactly("rollback", "rollback", "commit");
        verify(publisher, times(1)).publishQuietly(ALERT);
        assertThat(meters.counter("paypipe.dead_letters.unrecorded", "topic", "refund.notify-dlt").count()).isZero();
    }

    @Test
    void givenADatabaseDownForGood_whenADeadLetterIsRecorded_thenTheAlertStillLeavesByOpsAlertAndNothingIsThrown() {
        when(alerts.raise(any())).thenThrow(new DataAccessResourceFailureException("down"));

        recorder.record(DLT, ALERT, () -> {
        });

        verify(alerts, times(3)).raise(ALERT);
        verify(publisher, times(1)).publishQuietly(ALERT);
        assertThat(meters.counter("paypipe.dead_letters.unrecorded", "topic", "refund.notify-dlt").count()).isOne();
    }

}
