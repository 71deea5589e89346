package io.paypipe.reconcile.query;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.reconcile.query.ChainStarts.Failure;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.kafka.BatchListeners;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;

/**
 * Reads {@code order.created} in batches ({@code reconcile.query.order-batch.enabled},
 * see {@link OrderCreatedBatchConfig}) and starts the query chains of each poll's orders
 * together ({@link ChainStarts}). The first record that fails (cannot be read, its order
 * is not stored yet, its chain could not be started) is thrown as a
 * {@link BatchListenerFailedException} naming it, after the records before it started
 * their chains: the container commits their offsets, the error handler forwards the
 * failed record to reconcile-service's first retry topic of {@code order.created} (or its
 * dead-letter topic) as {@link OrderCreatedListener}'s would be, and hands the records
 * after it to this listener again. Records on the retry topics are handled one by one by
 * {@link OrderCreatedListener}.
 */
@Component
class OrderCreatedBatchListener implements BatchMessageListener<String, byte[]> {

    private final ChainStarts starts;

    OrderCreatedBatchListener(ChainStarts starts) {
        this.starts = starts;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        List<OrderCreated> created = new ArrayList<>(records.size());
        Optional<Failure> unreadable = Optional.empty();
        for (ConsumerRecord<String, byte[]> record : records) {
            try {
                created.add(RecordValues.read(record, OrderCreated.class, OrderCreatedListener::missing));
            }
            catch (RuntimeException e) {
                // a record that breaks the contract: straight to the dead letters
                unreadable = Optional.of(new Failure(created.size(), e));
                break;
            }
        }
        Optional<Failure> starting = starts.startAll(created);
        Optional<Failure> failed = starting.isPresent() ? starting : unreadable;
        if (failed.isPresent()) {
            throw BatchListeners.failedAt(records, failed.get().index(), failed.get().cause());
        }
    }

}
