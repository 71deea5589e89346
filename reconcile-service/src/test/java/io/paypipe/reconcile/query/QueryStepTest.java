package io.paypipe.reconcile.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.reconcile.order.OrderCloser;
import io.paypipe.reconcile.raw.FoundPayment;
import io.paypipe.support.order.OrderColumns;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The answer switch of one query ({@link QueryStep} alone: a fake channel, its
 * collaborators mocked): every answer of the table to its step.
 */
class QueryStepTest {

    private static final OrderKey KEY = StepFixtures.key("O-1");

    private static final OrderColumns ORDER = StepFixtures.pendingOrder(7, KEY);

    private static final QueryChain CHAIN = new QueryChain(7, KEY, Optional.empty(), Channel.WECHATPAY,
            Reason.ORDER_CREATED, 2, QueryChain.State.ACTIVE, Instant.parse("2026-12-01T08:05:00Z"),
            Instant.parse("2026-12-01T10:00:00Z"), null, Instant.parse("2026-12-01T08:04:30Z"));

    private static final Ladder LADDER = StepFixtures.LADDER;

    private final FoundPayments found = mock(FoundPayments.class);

    private final OrderCloser closer = mock(OrderCloser.class);

    private final ChainMoves moves = mock(ChainMoves.class);

    /** A channel that answers {@code answer} to every query. */
    private QueryStep answering(QueryAnswer answer) {
        return new QueryStep(StepFixtures.channels(order -> answer, order -> {
            throw new AssertionError("a query step never closes");
        }), found, closer, moves);
    }

    @Test
    void givenPaid_whenHandled_thenTheCallbacksPathAndDone() {
        Instant paidAt = Instant.parse("2026-12-01T08:01:02Z");
        answering(new QueryAnswer.Paid(ChannelTradeNo.of("4200001"), "SUCCESS", Money.of(1_000, "CNY"),
                Money.of(990, "CNY"), paidAt, "{body}"))
            .query(CHAIN, ORDER, LADDER, 0);

        ArgumentCaptor<FoundPayment> payment = ArgumentCaptor.forClass(FoundPayment.class);
        verify(found).record(payment.capture());
        assertThat(payment.getValue().state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(payment.getValue().paidAmount()).isEqualTo(Money.of(990, "CNY"));
        assertThat(payment.getValue().paidAt()).contains(paidAt);
        assertThat(payment.getValue().body()).isEqualTo("{body}");
        verify(moves).done(CHAIN, "PAID", true);
    }

    @Test
    void givenRefunded_whenHandled_thenStillAPaymentThroughTheCallbacksPath() {
        answering(new QueryAnswer.Refunded(ChannelTradeNo.of("4200002"), "REFUND", Money.of(1_000, "CNY"),
                Money.of(1_000, "CNY"), Instant.now(), "{}"))
            .query(CHAIN, ORDER, LADDER, 0);

        verify(found).record(any());
        verify(moves).done(CHAIN, "REFUNDED", true);
    }

    @Test
    void givenClosedWithATrade_whenHandled_thenAClosedNotificationThroughTheCallbacksPath() {
        answering(new QueryAnswer.Closed(Optional.of(ChannelTradeNo.of("2026120122001")), "TRADE_CLOSED", "{}"))
            .query(CHAIN, ORDER, LADDER, 0);

        ArgumentCaptor<FoundPayment> payment = ArgumentCaptor.forClass(FoundPayment.class);
        verify(found).record(payment.capture());
        assertThat(payment.getValue().state()).isEqualTo(PaymentState.CLOSED);
        assertThat(payment.getValue().paidAmount().minor()).isZero();
        verifyNoInteractions(closer);
        verify(moves).done(CHAIN, "CLOSED", true);
    }

    @Test
    void givenClosedWithoutATrade_whenHandled_thenClosedLocallyAsTheChannelSaid() {
        answering(new QueryAnswer.Closed(Optional.empty(), "CLOSED", "{}")).query(CHAIN, ORDER, LADDER, 0);

        verify(closer).close(ORDER, OrderEvent.PAYMENT_CLOSED, "CLOSED");
        verifyNoInteractions(found);
        verify(moves).done(CHAIN, "CLOSED", true);
    }

    @Test
    void givenWaitingOrNotFound_whenHandled_thenTheLadderDecidesAndNothingIsPaidOrClosed() {
        answering(new QueryAnswer.Waiting("NOTPAY")).query(CHAIN, ORDER, LADDER, 0);
        answering(new QueryAnswer.NotFound("ORDER_NOT_EXIST")).query(CHAIN, ORDER, LADDER, 0);

        verify(moves).afterNoPayment(eq(CHAIN), eq(LADDER), eq("WAITING"), any());
        verify(moves).afterNoPayment(eq(CHAIN), eq(LADDER), eq("NOT_FOUND"), any());
        verifyNoInteractions(found, closer);
    }

    @Test
    void givenRateLimitedOrFailed_whenHandled_thenTheSameAttemptOnTheErrorLadder() {
        answering(new QueryAnswer.RateLimited("FREQUENCY_LIMITED")).query(CHAIN, ORDER, LADDER, 1);
        answering(new QueryAnswer.Failed("HTTP 500")).query(CHAIN, ORDER, LADDER, 2);

        verify(moves).afterFailure(CHAIN, LADDER, 1, "RATE_LIMITED");
        verify(moves).afterFailure(CHAIN, LADDER, 2, "FAILED");
        verifyNoInteractions(found, closer);
    }

    @Test
    void givenUnknown_whenHandled_thenAPersonDecides() {
        answering(new QueryAnswer.Unknown("trade_state ODD")).query(CHAIN, ORDER, LADDER, 0);

        verify(moves).undecided(eq(CHAIN), eq("UNKNOWN"), anyString());
        verify(moves, never()).done(any(), any(), eq(true));
        verifyNoInteractions(found, closer);
    }

}
