package io.paypipe.reconcile.query;

import static io.paypipe.reconcile.support.QuerySandbox.WECHAT_C;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.reconcile.support.QueryIntegrationBase;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * {@code order.created} read in batches on the real broker and database: every stored
 * order of a batch gets its one query chain (a second record of an order changes
 * nothing), and an order not stored yet goes through the retry topics and gets its chain
 * once the processor stored it.
 */
class OrderCreatedBatchIntegrationTest extends QueryIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(40);

    @Autowired
    private MeterRegistry meters;

    @Test
    void givenABatchWithARepeatedOrderAndOneNotStoredYet_whenRead_thenEveryOrderGetsOneChainThatRunsToItsEnd() {
        // Given orders A, B, C stored as the processor stores them, D created but not
        // stored yet
        OrderCreated a = SANDBOX.orders().orderCreated(WECHAT_C, outTradeNo("BATCH-A"), 101);
        OrderCreated b = SANDBOX.orders().orderCreated(WECHAT_C, outTradeNo("BATCH-B"), 102);
        OrderCreated c = SANDBOX.orders().orderCreated(WECHAT_C, outTradeNo("BATCH-C"), 103);
        OrderCreated d = SANDBOX.orders().orderCreated(WECHAT_C, outTradeNo("BATCH-D"), 104);
        long idA = storeOrder(a);
        long idB = storeOrder(b);
        long idC = storeOrder(c);
        double together = startedTogether();

        // When A, B, A again, D and C are published at once
        for (OrderCreated o : List.of(a, b, a, d, c)) {
            SANDBOX.orders().publish(o);
        }

        // Then A, B and C have their chain with its first query scheduled, D none yet
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(List.of(idA, idB, idC))
                .allSatisfy(id -> assertThat(firstDue(id)).as("first query of order %d", id).isTrue()));
        assertThat(startedTogether() - together).as("records started on the batch path").isGreaterThanOrEqualTo(3);

        // When the processor stores D while its record waits on a retry topic
        long idD = storeOrder(d);

        // Then D gets its chain, and every chain runs to its end (expired, closed at the
        // channel): a chain whose first query was not published or whose row did not
        // move would stay ACTIVE
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(List.of(idA, idB, idC, idD))
                .allSatisfy(id -> assertThat(chainState(id)).as("chain of order %d", id).isEqualTo("DONE")));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM payment_query WHERE order_id IN (:ids)")
            .param("ids", List.of(idA, idB, idC, idD))
            .query(Long.class)
            .single()).isEqualTo(4);
        assertThat(List.of(idA, idB, idC, idD)).allSatisfy(id -> assertThat(orderStatus(id)).isEqualTo("CLOSED"));
    }

    private boolean firstDue(long orderId) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM payment_query WHERE order_id = :id AND (next_due_at IS NOT NULL OR state = 'DONE')
                """).param("id", orderId).query(Long.class).single() == 1;
    }

    private double startedTogether() {
        var counter = meters.find("paypipe.reconcile.chain.starts").tag("path", "together").counter();
        return counter == null ? 0 : counter.count();
    }

}
