package io.paypipe.processor.transition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.processor.failure.OrderNotFoundException;
import io.paypipe.support.jdbc.MultiRow;
import io.paypipe.support.kafka.BatchListeners;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.ListenerExecutionFailedException;

/** The small parts of the batch path that need no broker and no database. */
class BatchPartsTest {

    @Test
    void aBatchFailureReachesTheRecovererAsARecordListenersFailureWouldWithItsOwnCause() {
        // Given the container's failure around the listener's batch failure around the
        // record's own
        var cause = new OrderNotFoundException(7, io.paypipe.processor.support.Fixtures.newOrderKey());
        var record = new ConsumerRecord<>("payment.notify", 0, 42L, "k", new byte[0]);
        var thrown = new ListenerExecutionFailedException("Listener failed", "processor-payment-notify",
                new BatchListenerFailedException("record 0 of 1 failed", cause, record));

        // When it is unwrapped for the recoverer
        Exception handed = BatchListeners.recordFailure(thrown);

        // Then the recoverer sees the container's failure with the record's own as cause
        // and the group
        assertThat(handed).isInstanceOfSatisfying(ListenerExecutionFailedException.class, e -> {
            assertThat(e.getCause()).isSameAs(cause);
            assertThat(e.getGroupId()).isEqualTo("processor-payment-notify");
        });
    }

    @Test
    void aFailureThatIsNoBatchFailureIsHandedOnAsItIs() {
        var other = new ListenerExecutionFailedException("Listener failed", "g", new IllegalStateException("x"));

        assertThat(BatchListeners.recordFailure(other)).isSameAs(other);
    }

    @Test
    void multiRowNamesEachRowsParametersByColumnAndRow() {
        // Given two rows of two columns
        var rows = new MultiRow("id", "outcome").add(1L, "APPLIED").add(2L, null);

        // Then the VALUES list, the derived table and the parameters agree
        assertThat(rows.values()).isEqualTo("(:id0, :outcome0), (:id1, :outcome1)");
        assertThat(rows.selects())
            .isEqualTo("SELECT :id0 AS id, :outcome0 AS outcome UNION ALL SELECT :id1, :outcome1");
        assertThat(rows.params()).containsEntry("id0", 1L)
            .containsEntry("outcome0", "APPLIED")
            .containsEntry("id1", 2L)
            .containsEntry("outcome1", null);
        assertThat(rows.size()).isEqualTo(2);
    }

    @Test
    void aRowWithTheWrongNumberOfValuesIsRefused() {
        assertThatThrownBy(() -> new MultiRow("id", "outcome").add(1L)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBatchIsNamedByItsPartitionsAndOffsetRanges() {
        var records = List.of(new ConsumerRecord<>("payment.notify", 3, 120L, "a", "x"),
                new ConsumerRecord<>("payment.notify", 3, 121L, "b", "x"),
                new ConsumerRecord<>("payment.notify", 4, 7L, "c", "x"));

        assertThat(BatchMeters.coordinates(records)).isEqualTo("payment.notify-3@120..121, payment.notify-4@7");
    }

}
