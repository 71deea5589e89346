package io.paypipe.reconcile.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.verifyNoInteractions;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.order.OrderCloser;
import io.paypipe.support.order.OrderColumns;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A close that finds the order paid ({@link CloseStep} alone: a fake channel, its
 * collaborators mocked).
 */
class CloseStepTest {

    private static final OrderKey KEY = StepFixtures.key("O-2");

    private static final OrderColumns ORDER = StepFixtures.pendingOrder(8, KEY);

    private static final QueryChain CHAIN = new QueryChain(8, KEY, Optional.empty(), Channel.WECHATPAY,
            Reason.ORDER_CREATED, 0, QueryChain.State.CLOSING, Instant.parse("2026-12-01T10:00:01Z"),
            Instant.parse("2026-12-01T10:00:00Z"), null, Instant.parse("2026-12-01T10:00:00Z"));

    private static final Ladder LADDER = StepFixtures.LADDER;

    private final FoundPayments found = mock(FoundPayments.class);

    private final OrderCloser closer = mock(OrderCloser.class);

    private final ChainMoves moves = mock(ChainMoves.class);

    private final QueryAlerts alerts = mock(QueryAlerts.class);

    private final AtomicInteger queries = new AtomicInteger();

    /** A channel that refuses every close as paid and answers every query paid. */
    private CloseStep paidAtTheChannel() {
        return new CloseStep(StepFixtures.channels(order -> {
            queries.incrementAndGet();
            return new QueryAnswer.Paid(ChannelTradeNo.of("4200009"), "SUCCESS", Money.of(1_000, "CNY"),
                    Money.of(1_000, "CNY"), Instant.parse("2026-12-01T10:00:00Z"), "{}");
        }, order -> new CloseAnswer.AlreadyPaid("ORDERPAID")), found, closer, moves, alerts);
    }

    @Test
    void givenAPermit_whenTheCloseFindsItPaid_thenItsPaymentTakesTheCallbacksPathAndTheChainIsDone() {
        when(found.record(any())).thenReturn(41L);

        paidAtTheChannel().close(CHAIN, ORDER, LADDER, () -> true);

        verify(found).record(any());
        verify(alerts).paidDuringClose(8, KEY, "wechatpay", "4200009", 41L);
        verify(moves).done(CHAIN, "PAID_DURING_CLOSE", true);
        verifyNoInteractions(closer);
    }

    @Test
    void givenNoPermitLeft_whenTheCloseFindsItPaid_thenTheChainGoesBackToQueryingNotToClosingAgain() {
        paidAtTheChannel().close(CHAIN, ORDER, LADDER, () -> false);

        assertThat(queries).hasValue(0);
        verify(alerts).paidDuringClose(8, KEY, "wechatpay");
        verify(moves).queryAgain(CHAIN, "CLOSE_ALREADY_PAID");
        verify(moves, never()).noPermit(any(), anyInt());
        verifyNoInteractions(found, closer);
    }

}
