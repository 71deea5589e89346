package io.paypipe.reconcile.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.config.ReconcileProperties.QuerySettings;
import io.paypipe.reconcile.order.OrderCloser;
import io.paypipe.reconcile.order.OrderRepository;
import io.paypipe.support.order.OrderColumns;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One due record through {@link PaymentQueries} with the real rate limit (10 calls a
 * second, one token, no burst) and the real close step, the channel faked: a close that
 * finds the order paid has its query wait for the next permit instead of giving the step
 * up (which repeated the close for ever while the payment's callbacks were lost, and lost
 * the PAID_DURING_CLOSE alert when a callback settled the order meanwhile); a record due
 * at once read before its step moved the row is handled again, not taken for stale (which
 * left the chain without its live record for good).
 */
class PaymentQueriesTest {

    private static final OrderKey KEY = StepFixtures.key("O-CLOSE");

    private static final Instant MOVED = Instant.parse("2026-12-01T10:00:01.560Z");

    private static final Instant EXPIRES = Instant.parse("2026-12-01T10:00:00Z");

    private static final Duration HANDLING_RETRY = Duration.ofMillis(500);

    private static final OrderColumns ORDER = StepFixtures.pendingOrder(9, KEY);

    /** Closing at the channel: its live record, close 0, was due when the row moved. */
    private static final QueryChain CLOSING = new QueryChain(9, KEY, Optional.empty(), Channel.WECHATPAY,
            Reason.ORDER_CREATED, 0, QueryChain.State.CLOSING, MOVED, EXPIRES, null, MOVED);

    /** Still querying: attempt 3 due one second after its row moved. */
    private static final QueryChain ACTIVE = new QueryChain(9, KEY, Optional.empty(), Channel.WECHATPAY,
            Reason.ORDER_CREATED, 3, QueryChain.State.ACTIVE, MOVED.plusSeconds(1), EXPIRES, "WAITING", MOVED);

    private final OrderRepository orders = mock(OrderRepository.class);

    private final PaymentQueryRepository chains = mock(PaymentQueryRepository.class);

    private final FoundPayments found = mock(FoundPayments.class);

    private final ChainMoves moves = mock(ChainMoves.class);

    private final QueryAlerts alerts = mock(QueryAlerts.class);

    private final AtomicInteger channelCalls = new AtomicInteger();

    @Test
    void givenTheCloseFindsTheOrderPaid_whenItsQueryFollowsAtOnce_thenItWaitsForTheNextPermitAndRecordsThePayment() {
        // Given a closing chain whose channel answers the close "already paid", then the
        // query "paid"
        givenTheChain(CLOSING);
        when(found.record(any())).thenReturn(77L);

        // When its live record is handled
        payments(MOVED.plusMillis(5)).handle(due(0, MOVED), 0);

        // Then the close and the query were made, the payment recorded as a callback
        // would be, a person told, the chain done: the step was not given up for want of
        // a permit
        assertThat(channelCalls).hasValue(2);
        verify(found).record(any());
        verify(alerts).paidDuringClose(eq(9L), eq(KEY), eq("wechatpay"), eq("4200009"), eq(77L));
        verify(moves).done(CLOSING, "PAID_DURING_CLOSE", true);
        verify(moves, never()).noPermit(any(), anyInt());
        verify(moves, never()).undecided(any(), anyString(), anyString());
    }

    @Test
    void givenTheCloseRecordReadBeforeItsStepMovedTheRow_whenHandled_thenItIsHandledAgainNotTakenForStale() {
        // Given a chain whose step to CLOSING published its record (due at once) but has
        // not moved the row yet
        givenTheChain(ACTIVE);
        PaymentQueryDue close = due(0, MOVED.plusSeconds(1).plusMillis(35));

        // When that record is read at once
        // Then it is a transient failure (handled again in place), nothing was called
        assertThatThrownBy(() -> payments(close.dueAt().plusMillis(5)).handle(close, 0))
            .isInstanceOf(ChainNotMovedYetException.class)
            .satisfies(e -> assertThat(DueQueryDrainer.isTransient((RuntimeException) e)).isTrue());
        assertThat(channelCalls).hasValue(0);
        verifyNoInteractions(moves, found, alerts);
    }

    @Test
    void givenARecordDueBeforeTheRowLastMoved_whenHandled_thenItIsStaleAndDoesNothing() {
        // Given a running chain, and a record of an earlier step, due before the row's
        // last move
        givenTheChain(ACTIVE);
        PaymentQueryDue earlier = due(2, MOVED.minusMillis(900));

        // When it is handled (a redelivery)
        payments(MOVED.plusSeconds(2)).handle(earlier, 0);

        // Then nothing is called, nothing moves
        assertThat(channelCalls).hasValue(0);
        verifyNoInteractions(moves, found, alerts);
    }

    @Test
    void givenARecordAheadOfTheRowForLongerThanItsRetries_whenHandled_thenItIsTakenForStale() {
        // Given a record ahead of its chain's row whose step never moved it (it crashed
        // between its publish and its move)
        givenTheChain(ACTIVE);
        PaymentQueryDue orphan = due(0, MOVED.plusSeconds(1));

        // When it is handled past its retries
        payments(orphan.dueAt().plus(HANDLING_RETRY.multipliedBy(PaymentQueries.AHEAD_RETRIES)).plusMillis(1))
            .handle(orphan, 0);

        // Then it is stale: nothing is called, nothing moves
        assertThat(channelCalls).hasValue(0);
        verifyNoInteractions(moves, found, alerts);
    }

    private void givenTheChain(QueryChain chain) {
        when(orders.find(KEY.merchantId(), KEY.outTradeNo())).thenReturn(Optional.of(ORDER));
        when(chains.find(9)).thenReturn(Optional.of(chain));
    }

    private static PaymentQueryDue due(int attempt, Instant dueAt) {
        return new PaymentQueryDue(EventId.of("e-" + attempt + "-" + dueAt.toEpochMilli()), KEY, null,
                Channel.WECHATPAY, Reason.ORDER_CREATED, attempt, dueAt, EXPIRES);
    }

    private PaymentQueries payments(Instant now) {
        QuerySettings query = new QuerySettings(Duration.ofMinutes(3), List.of(Duration.ofSeconds(30)),
                Duration.ofHours(2), 10, List.of(Duration.ofSeconds(30)), Duration.ofMinutes(30), 5,
                List.of(Duration.ofSeconds(1)), Duration.ofSeconds(1), 20, HANDLING_RETRY, Map.of(), true, null);
        ReconcileProperties properties = new ReconcileProperties(Duration.ofSeconds(5), 6, (short) 1,
                List.of(Duration.ofSeconds(1)), 2, Path.of("merchants.yaml"), Duration.ZERO, Duration.ofSeconds(10),
                Duration.ofSeconds(3), new ReconcileProperties.WechatPay(null), new ReconcileProperties.Alipay(null),
                new ReconcileProperties.Stripe(null, null), query, null, null, null, null, (short) 1, 1, null,
                Duration.ofSeconds(30));
        QueryLadders ladders = new QueryLadders(query);
        CloseStep closes = new CloseStep(channel(), found, mock(OrderCloser.class), moves, alerts);
        return new PaymentQueries(orders, chains, ladders, new QueryRateLimits(ladders), mock(QueryStep.class), closes,
                mock(OutsideQuery.class), moves, properties, Clock.fixed(now, ZoneOffset.UTC));
    }

    /** WeChat: the close finds the order paid, the query answers the payment. */
    private ChannelQueryRegistry channel() {
        return StepFixtures.channels(order -> {
            channelCalls.incrementAndGet();
            return new QueryAnswer.Paid(ChannelTradeNo.of("4200009"), "SUCCESS", Money.of(1_000, "CNY"),
                    Money.of(1_000, "CNY"), Instant.parse("2026-12-01T09:59:59Z"), "{}");
        }, order -> {
            channelCalls.incrementAndGet();
            return new CloseAnswer.AlreadyPaid("ORDERPAID");
        });
    }

}
