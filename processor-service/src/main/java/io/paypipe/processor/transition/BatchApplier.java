package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.failure.OrderNotFoundException;
import io.paypipe.processor.order.OrderRepository;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Applies a batch of notifications in ONE database transaction: their orders locked at
 * once, each notification decided by {@link PaymentApplier#decide} (the per-record path's
 * very decisions, in the batch's order) on a {@link BatchStore}, everything written
 * together. The first notification whose order is not there (yet) ends the batch: the
 * ones before it commit, it goes to the retry topics, the ones after it come again. Any
 * other failure rolls the whole batch back and is thrown: the caller applies the records
 * one by one instead.
 */
@Component
class BatchApplier {

    /**
     * What the transaction committed: the decisions of the batch's first
     * {@code decided.size()} notifications, in order, and why it stopped short of the
     * next one, if it did.
     */
    record Applied(List<Decided> decided, Optional<OrderNotFoundException> stopped, Phases phases) {
    }

    /**
     * Where the transaction's time went, in nanoseconds: the locking reads (from the
     * borrow of the connection, which begins the transaction), the decisions and the
     * writes, and the commit (with the connection's return to its pool,
     * {@link BatchTransactions}). Reported on the batch's log line: under a CPU-bound
     * load each statement's round trip waits for a core twice, so these show where a
     * batch's latency is spent.
     */
    record Phases(long lockNanos, long writeNanos, long commitNanos) {

        String summary() {
            return "locks " + lockNanos / 1_000_000 + ", writes " + writeNanos / 1_000_000 + ", commit "
                    + commitNanos / 1_000_000;
        }

    }

    private record Committed(List<Decided> decided, Optional<OrderNotFoundException> stopped) {
    }

    private final PaymentApplier applier;

    private final OrderRepository orders;

    private final LedgerRepository ledger;

    private final TransitionRepository transitions;

    private final RawSettlementRepository raws;

    private final BatchTransactions tx;

    private final Clock clock;

    BatchApplier(PaymentApplier applier, OrderRepository orders, LedgerRepository ledger,
            TransitionRepository transitions, RawSettlementRepository raws, BatchTransactions tx, Clock clock) {
        this.applier = applier;
        this.orders = orders;
        this.ledger = ledger;
        this.transitions = transitions;
        this.raws = raws;
        this.tx = tx;
        this.clock = clock;
    }

    Applied apply(List<PaymentNotified> batch) {
        long start = System.nanoTime();
        // when the locks were held and when the writes were done
        long[] marks = new long[2];
        Committed committed = tx.execute(status -> {
            BatchStore store = BatchStore.lock(batch, orders, raws);
            marks[0] = System.nanoTime();
            List<Decided> decided = new ArrayList<>(batch.size());
            Optional<OrderNotFoundException> stopped = Optional.empty();
            for (PaymentNotified n : batch) {
                try {
                    decided.add(applier.decide(n, store));
                }
                catch (OrderNotFoundException e) {
                    // thrown before the decision wrote anything
                    stopped = Optional.of(e);
                    break;
                }
            }
            store.flush(orders, ledger, transitions, raws, clock.instant());
            marks[1] = System.nanoTime();
            return new Committed(decided, stopped);
        });
        long end = System.nanoTime();
        return new Applied(committed.decided(), committed.stopped(),
                new Phases(marks[0] - start, marks[1] - marks[0], end - marks[1]));
    }

}
