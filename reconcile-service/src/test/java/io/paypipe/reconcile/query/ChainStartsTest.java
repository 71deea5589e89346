package io.paypipe.reconcile.query;

import static io.paypipe.reconcile.query.StepFixtures.LADDER;
import static io.paypipe.reconcile.query.StepFixtures.key;
import static io.paypipe.reconcile.query.StepFixtures.pendingOrder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.atMost;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.config.ReconcileProperties.OrderBatch;
import io.paypipe.reconcile.config.ReconcileProperties.QuerySettings;
import io.paypipe.reconcile.order.OrderRepository;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.reconcile.publish.PublishFailedException;
import io.paypipe.reconcile.query.QueryChain.State;
import io.paypipe.reconcile.query.QuerySchedule.Sent;
import io.paypipe.support.kafka.EventSender;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The batch start of query chains without broker and database: what it stores, publishes
 * and moves for a batch, and when it hands the batch to the one-by-one path.
 */
class ChainStartsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    private final OrderRepository orders = mock(OrderRepository.class);

    private final ChainStartRepository rows = mock(ChainStartRepository.class);

    private final QueryChains oneByOne = mock(QueryChains.class);

    private final QueryLadders ladders = mock(QueryLadders.class);

    private final QuerySchedule schedule = mock(QuerySchedule.class);

    private final EventPublisher publisher = mock(EventPublisher.class);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private final List<QueryChain> storedChains = new ArrayList<>();

    private ChainStarts starts;

    @BeforeEach
    void wire() {
        when(ladders.of(any(), any())).thenReturn(LADDER);
        when(publisher.deadlineFromNow()).thenReturn(Long.MAX_VALUE);
        when(rows.findAll(anyCollection())).thenAnswer(i -> {
            Collection<Long> ids = i.getArgument(0);
            return storedChains.stream().filter(c -> ids.contains(c.orderId())).toList();
        });
        when(schedule.publishFirstLater(any(), any())).thenAnswer(i -> sent(i.getArgument(0)));
        when(rows.scheduleAll(anyList(), any())).thenAnswer(i -> {
            List<?> firsts = i.getArgument(0);
            return firsts.stream().mapToInt(f -> 1).toArray();
        });
        starts = starts(Duration.ZERO);
    }

    private ChainStarts starts(Duration awaitOrders) {
        ReconcileProperties props = mock(ReconcileProperties.class);
        QuerySettings query = mock(QuerySettings.class);
        when(props.query()).thenReturn(query);
        when(query.orderBatch()).thenReturn(new OrderBatch(true, 500, awaitOrders));
        return new ChainStarts(orders, rows, oneByOne, ladders, schedule, publisher, Clock.fixed(NOW, ZoneOffset.UTC),
                meters, props);
    }

    @Test
    void givenTwoRecordsOfOneOrder_whenStarted_thenOneChainAndOneFirstQuery() {
        // Given orders 1 and 2 stored, order 1's record twice in the batch
        OrderCreated a = created("A");
        OrderCreated b = created("B");
        stored(order(1, a), order(2, b));
        storedChains.add(fresh(1, a.orderKey()));
        storedChains.add(fresh(2, b.orderKey()));

        // When the batch is started
        Optional<ChainStarts.Failure> failed = starts.startAll(List.of(a, b, a));

        // Then no failure, one chain row each, one first query each, both moved
        assertThat(failed).isEmpty();
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<QueryChain>> inserted = ArgumentCaptor.forClass(List.class);
        verify(rows).insertAll(inserted.capture(), eq(NOW));
        assertThat(inserted.getValue()).extracting(QueryChain::orderId).containsExactly(1L, 2L);
        verify(schedule, times(2)).publishFirstLater(any(), any());
        verify(rows).scheduleAll(anyList(), eq(NOW));
        verify(oneByOne, never()).start(any());
        assertThat(meters.counter("paypipe.reconcile.chain.starts", "path", "together").count()).isEqualTo(3);
    }

    @Test
    void givenAChainScheduledAlready_whenItsOrderComesAgain_thenNothingIsPublishedForIt() {
        // Given order 1 whose first query is scheduled already (a redelivery)
        OrderCreated a = created("A");
        stored(order(1, a));
        storedChains.add(new QueryChain(1, a.orderKey(), Optional.empty(), Channel.WECHATPAY,
                PaymentQueryDue.Reason.ORDER_CREATED, 0, State.ACTIVE, NOW.plusSeconds(180), NOW.plusSeconds(7200),
                null, NOW));

        // When it is started again
        Optional<ChainStarts.Failure> failed = starts.startAll(List.of(a));

        // Then nothing is published and no row moves
        assertThat(failed).isEmpty();
        verify(schedule, never()).publishFirstLater(any(), any());
        verify(rows, never()).scheduleAll(anyList(), any());
    }

    @Test
    void givenAnOrderNotStoredYet_whenStarted_thenTheRecordsBeforeItStartAndItIsTheFailure() {
        // Given orders A and B stored, C not yet, D stored
        OrderCreated a = created("A");
        OrderCreated b = created("B");
        OrderCreated c = created("C");
        OrderCreated d = created("D");
        stored(order(1, a), order(2, b), order(4, d));
        storedChains.add(fresh(1, a.orderKey()));
        storedChains.add(fresh(2, b.orderKey()));

        // When the batch A, B, C, D is started
        Optional<ChainStarts.Failure> failed = starts.startAll(List.of(a, b, c, d));

        // Then A and B start, C (index 2) is the failure (retried), D comes again later
        assertThat(failed).hasValueSatisfying(f -> {
            assertThat(f.index()).isEqualTo(2);
            assertThat(f.cause()).isInstanceOf(OrderNotStoredYetException.class);
        });
        @SuppressWarnings("unchecked")
        ArgumentCaptor<List<QueryChain>> inserted = ArgumentCaptor.forClass(List.class);
        verify(rows).insertAll(inserted.capture(), eq(NOW));
        assertThat(inserted.getValue()).extracting(QueryChain::orderId).containsExactly(1L, 2L);
    }

    @Test
    void givenAnOrderStoredWhileTheBatchWaits_whenStarted_thenItStartsInTheBatchNotOnTheRetryTopics() {
        // Given order B stored by the processor a moment after the batch first looked
        OrderCreated a = created("A");
        OrderCreated b = created("B");
        when(orders.findAll(anyCollection())).thenReturn(List.of(order(1, a)))
            .thenReturn(List.of())
            .thenReturn(List.of(order(2, b)));
        storedChains.add(fresh(1, a.orderKey()));
        storedChains.add(fresh(2, b.orderKey()));

        // When the batch is started, waiting up to a second for missing orders
        Optional<ChainStarts.Failure> failed = starts(Duration.ofSeconds(1)).startAll(List.of(a, b));

        // Then both start together, none is a failure
        assertThat(failed).isEmpty();
        verify(orders, times(3)).findAll(anyCollection());
        verify(schedule, times(2)).publishFirstLater(any(), any());
    }

    @Test
    void givenAnOrderTheProcessorHasNotStored_whenTheBatchWaits_thenItReadsAgainLessAndLessOftenUntilTheDeadline() {
        // Given order A never stored while the batch waits up to a second
        OrderCreated a = created("A");
        stored();

        // When the batch is started
        long start = System.nanoTime();
        Optional<ChainStarts.Failure> failed = starts(Duration.ofSeconds(1)).startAll(List.of(a));
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;

        // Then it waited the whole second, reading at 0, 50, 150, 350, 750 and 1,000 ms
        // (fewer if a sleep overran; every 50 ms would be 20 reads), and A is the failure
        assertThat(waitedMillis).isGreaterThanOrEqualTo(1_000);
        verify(orders, atLeast(2)).findAll(anyCollection());
        verify(orders, atMost(6)).findAll(anyCollection());
        assertThat(failed).hasValueSatisfying(f -> assertThat(f.index()).isZero());
    }

    @Test
    void givenAPublishTheBrokerDidNotConfirm_whenStarted_thenEveryRecordIsStartedOneByOne() {
        // Given orders A and B, the broker failing B's first query
        OrderCreated a = created("A");
        OrderCreated b = created("B");
        stored(order(1, a), order(2, b));
        storedChains.add(fresh(1, a.orderKey()));
        storedChains.add(fresh(2, b.orderKey()));
        doAnswer(i -> sent(i.getArgument(0))).doAnswer(i -> failing(i.getArgument(0)))
            .when(schedule)
            .publishFirstLater(any(), any());

        // When the batch is started
        Optional<ChainStarts.Failure> failed = starts.startAll(List.of(a, b));

        // Then no row moved on the batch path, and both were started one by one
        assertThat(failed).isEmpty();
        verify(rows, never()).scheduleAll(anyList(), any());
        verify(oneByOne).start(a);
        verify(oneByOne).start(b);
        assertThat(meters.counter("paypipe.reconcile.chain.starts", "path", "fell-back").count()).isEqualTo(2);
    }

    @Test
    void givenTheOneByOnePathFailsOnARecord_whenStarted_thenThatRecordIsTheFailure() {
        // Given a batch statement that fails, and the second record failing one by one
        // too
        OrderCreated a = created("A");
        OrderCreated b = created("B");
        stored(order(1, a), order(2, b));
        doThrow(new IllegalStateException("database gone")).when(rows).insertAll(anyList(), any());
        var down = new PublishFailedException("payment.query", EventId.of("e"), new RuntimeException("down"));
        doThrow(down).when(oneByOne).start(b);

        // When the batch is started
        Optional<ChainStarts.Failure> failed = starts.startAll(List.of(a, b));

        // Then A started, B is the failure with its own cause
        verify(oneByOne).start(a);
        assertThat(failed).hasValueSatisfying(f -> {
            assertThat(f.index()).isEqualTo(1);
            assertThat(f.cause()).isSameAs(down);
        });
    }

    private static OrderCreated created(String no) {
        return new OrderCreated(EventId.random(), key(no + "-" + System.nanoTime()), null, Channel.WECHATPAY,
                Money.of(1_000, "CNY"), NOW.minusSeconds(1));
    }

    private static OrderColumns order(long id, OrderCreated c) {
        return pendingOrder(id, c.orderKey());
    }

    private void stored(OrderColumns... found) {
        when(orders.findAll(anyCollection())).thenReturn(List.of(found));
    }

    private static QueryChain fresh(long orderId, OrderKey key) {
        return new QueryChain(orderId, key, Optional.empty(), Channel.WECHATPAY, PaymentQueryDue.Reason.ORDER_CREATED,
                0, State.ACTIVE, null, NOW.plusSeconds(7200), null, NOW);
    }

    private static Sent sent(QueryChain chain) {
        return new Sent(due(chain), mock(EventSender.Pending.class));
    }

    private static Sent failing(QueryChain chain) {
        EventSender.Pending pending = mock(EventSender.Pending.class);
        doThrow(new PublishFailedException("payment.query", EventId.of("e"), new RuntimeException("no ack")))
            .when(pending)
            .await(anyLong());
        return new Sent(due(chain), pending);
    }

    private static PaymentQueryDue due(QueryChain chain) {
        return new PaymentQueryDue(EventId.random(), chain.orderKey(), null, chain.channel(), chain.reason(), 0,
                NOW.plus(Duration.ofMinutes(3)), chain.expiresAt());
    }

}
