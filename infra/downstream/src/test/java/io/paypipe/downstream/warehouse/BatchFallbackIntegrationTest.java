package io.paypipe.downstream.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.downstream.DownstreamApplication;
import io.paypipe.downstream.batch.BatchApplier;
import io.paypipe.downstream.batch.BatchResult;
import io.paypipe.downstream.batch.EventOutcome;
import io.paypipe.downstream.batch.EventTable;
import io.paypipe.embedded.TestInfra;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The one-transaction path never decides the outcome on its own, on the real database:
 * when its multi-row INSERT meets a duplicate key (another consumer stored an event id
 * between the look-up and the INSERT) or inserts another number of rows than it was
 * given, the whole transaction rolls back and the per-record path applies each event id
 * once. The shipment table is driven directly, through a {@link BatchApplier} over the
 * real repository with the surprise injected.
 */
class BatchFallbackIntegrationTest {

    private static ConfigurableApplicationContext downstream;

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T05:00:00Z"), ZoneOffset.UTC);

    @BeforeAll
    static void start() {
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((k, v) -> args.add("--" + k + "=" + v));
        args.add("--server.port=0");
        downstream = new SpringApplicationBuilder(DownstreamApplication.class).registerShutdownHook(false)
            .run(args.toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        downstream.close();
    }

    @Test
    void anEventStoredByAnotherConsumerAfterTheLookUpRollsTheBatchBackAndAppliesEachEventOnceByRecord() {
        // Given three new events, and another consumer storing the second of them right
        // after this batch's look-up
        String merchant = merchant();
        List<OrderPaid> events = List.of(paid(merchant), paid(merchant), paid(merchant));
        ShipmentRepository shipments = downstream.getBean(ShipmentRepository.class);
        TransactionTemplate otherConsumer = new TransactionTemplate(transactions());
        otherConsumer.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        EventTable<OrderPaid> racing = new Surprising(shipments, ids -> {
            otherConsumer.executeWithoutResult(s -> shipments.insertOne(events.get(1), CLOCK.instant()));
            return ids;
        }, inserted -> inserted);

        // When the batch is applied
        BatchResult result = applier(racing).apply(events);

        // Then its transaction rolled back and the per-record path applied the two
        // others, found the third stored, and every event is stored once
        assertThat(result).isEqualTo(
                new BatchResult(3, 2, 1, 0, Optional.of("a duplicate key (an event id stored since the look-up)")));
        assertThat(stored(merchant)).containsExactlyInAnyOrderElementsOf(ids(events));
    }

    @Test
    void anUnexpectedRowCountRollsTheBatchBackAndAppliesEachEventOnceByRecord() {
        // Given a multi-row INSERT that reports one row fewer than it was given
        String merchant = merchant();
        List<OrderPaid> events = List.of(paid(merchant), paid(merchant), paid(merchant));
        EventTable<OrderPaid> miscounting = new Surprising(downstream.getBean(ShipmentRepository.class), ids -> ids,
                inserted -> inserted - 1);

        // When the batch is applied
        BatchResult result = applier(miscounting).apply(events);

        // Then nothing of its INSERT stayed (the per-record path applied all three anew)
        // and every event is stored once
        assertThat(result).isEqualTo(new BatchResult(3, 3, 0, 0, Optional.of("2 rows inserted for 3 new events")));
        assertThat(stored(merchant)).containsExactlyInAnyOrderElementsOf(ids(events));
    }

    private static BatchApplier<OrderPaid> applier(EventTable<OrderPaid> table) {
        return new BatchApplier<>("warehouse", table, transactions(), CLOCK,
                LoggerFactory.getLogger(BatchFallbackIntegrationTest.class));
    }

    private static PlatformTransactionManager transactions() {
        return downstream.getBean(PlatformTransactionManager.class);
    }

    private static List<String> stored(String merchant) {
        return downstream.getBean(JdbcClient.class)
            .sql("SELECT event_id FROM shipment WHERE merchant_id = :m")
            .param("m", merchant)
            .query(String.class)
            .list();
    }

    private static List<String> ids(List<OrderPaid> events) {
        return events.stream().map(e -> e.eventId().value()).toList();
    }

    private static String merchant() {
        return "m-" + UUID.randomUUID().toString().substring(0, 12);
    }

    private static OrderPaid paid(String merchant) {
        ChannelTradeNo trade = ChannelTradeNo
            .of("4200" + UUID.randomUUID().toString().replace("-", "").substring(0, 20));
        OrderKey key = new OrderKey(TenantId.of("t"), MerchantId.of(merchant), OutTradeNo.of("DS-" + trade));
        return new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, trade), OrderId.of(7), key, Channel.WECHATPAY, trade,
                Money.of(100, "CNY"), Money.of(100, "CNY"), Instant.now());
    }

    /**
     * The real table with a surprise: something happens after the look-up, and the
     * multi-row INSERT's count is reported through {@code count}.
     */
    private record Surprising(ShipmentRepository table, UnaryOperator<Set<String>> afterLookUp,
            UnaryOperator<Integer> count) implements EventTable<OrderPaid> {

        @Override
        public String eventId(OrderPaid event) {
            return table.eventId(event);
        }

        @Override
        public Set<String> stored(List<String> eventIds) {
            return afterLookUp.apply(table.stored(eventIds));
        }

        @Override
        public int insertAll(List<OrderPaid> events, Instant now) {
            return count.apply(table.insertAll(events, now));
        }

        @Override
        public EventOutcome insertOne(OrderPaid event, Instant now) {
            return table.insertOne(event, now);
        }

        @Override
        public String describe(OrderPaid event) {
            return table.describe(event);
        }

    }

}
