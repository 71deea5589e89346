package io.paypipe.reconcile.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.reconcile.raw.FoundPayment;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * A query outside the order's chain ({@link OutsideQuery} alone: a fake channel, its
 * collaborators mocked): the bill's CHANNEL_ONLY query asks about a CLOSED order too and
 * records its payment the callback's way; the other reasons leave a closed order alone.
 */
class OutsideQueryTest {

    private static final Instant NOW = Instant.parse("2026-11-30T02:30:00Z");

    private static final OrderKey KEY = StepFixtures.key("O-closed");

    private static final OrderColumns CLOSED = new OrderColumns(StepFixtures.pendingOrder(9, KEY).id(), KEY,
            Optional.empty(), Channel.WECHATPAY, Money.of(1_000, "CNY"), OrderStatus.CLOSED, Optional.empty(),
            Optional.empty());

    private final FoundPayments found = mock(FoundPayments.class);

    private final QueryRateLimits limits = mock(QueryRateLimits.class);

    private final PaymentQueryRepository chains = mock(PaymentQueryRepository.class);

    private final AtomicInteger calls = new AtomicInteger();

    private OutsideQuery outside() {
        when(limits.tryAcquire(anyString())).thenReturn(true);
        return new OutsideQuery(StepFixtures.channels(order -> {
            calls.incrementAndGet();
            return new QueryAnswer.Paid(ChannelTradeNo.of("4200000009"), "SUCCESS", Money.of(1_000, "CNY"),
                    Money.of(1_000, "CNY"), Instant.parse("2026-11-29T15:59:58Z"), "{}");
        }, order -> {
            throw new AssertionError("an outside query never closes");
        }), found, limits, mock(QueryLadders.class), mock(QuerySchedule.class), chains, mock(QueryAlerts.class),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static PaymentQueryDue due(Reason reason) {
        return new PaymentQueryDue(EventId.of("e-" + reason), KEY, null, Channel.WECHATPAY, reason, 0, NOW,
                NOW.plusSeconds(7_200));
    }

    @Test
    void givenAClosedOrder_whenTheBillsChannelOnlyQueryRuns_thenTheChannelIsAskedAndThePaymentRecorded() {
        // When
        outside().query(due(Reason.BILL_CHANNEL_ONLY), CLOSED, 0);

        // Then
        assertThat(calls).hasValue(1);
        ArgumentCaptor<FoundPayment> payment = ArgumentCaptor.forClass(FoundPayment.class);
        verify(found).record(payment.capture());
        assertThat(payment.getValue().state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(payment.getValue().tradeNo()).isEqualTo(ChannelTradeNo.of("4200000009"));
        assertThat(payment.getValue().orderKey()).isEqualTo(KEY);
    }

    @Test
    void givenAClosedOrder_whenADeadLetterOrUnverifiedCallbackQueryRuns_thenNothingIsAsked() {
        // When
        OutsideQuery outside = outside();
        outside.query(due(Reason.DEAD_LETTER), CLOSED, 0);
        outside.query(due(Reason.UNVERIFIED_CALLBACK), CLOSED, 0);

        // Then
        assertThat(calls).hasValue(0);
        verifyNoInteractions(found);
    }

    @Test
    void givenAPaidOrder_whenTheBillsChannelOnlyQueryRuns_thenNothingIsAsked() {
        assertThat(OutsideQuery.asks(Reason.BILL_CHANNEL_ONLY, OrderStatus.PAID)).isFalse();
        assertThat(OutsideQuery.asks(Reason.BILL_CHANNEL_ONLY, OrderStatus.PENDING)).isTrue();
        assertThat(OutsideQuery.asks(Reason.DEAD_LETTER, OrderStatus.PENDING)).isTrue();
    }

}
