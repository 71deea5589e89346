package io.paypipe.refund.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An order's paying trade as the payment its refunds draw on: what can be refunded is
 * what the payer paid, the trade's total (WeChat's refund {@code amount.total}) is the
 * order's amount.
 */
class OrderRowTest {

    private static final ChannelTradeNo TRADE = ChannelTradeNo.of("4200000000000000000000000001");

    @Test
    void givenAnOrderOf100ThePayerPaid90OfWithACoupon_whenItsPaymentIsTaken_thenItPaid90OfATradeOf100() {
        // Given
        OrderRow order = paid(10_000, 9_000);

        // When
        Payment payment = order.payment();

        // Then
        assertThat(payment.paid()).isEqualTo(Money.of(9_000, "CNY"));
        assertThat(payment.tradeTotal()).isEqualTo(Money.of(10_000, "CNY"));
        assertThat(payment.channelTradeNo()).isEqualTo(TRADE);
        assertThat(payment.isTask()).isFalse();
    }

    @Test
    void givenAnOrderPaidInFull_whenItsPaymentIsTaken_thenItPaidItsWholeTotal() {
        // Given
        OrderRow order = paid(5_000, 5_000);

        // When
        Payment payment = order.payment();

        // Then
        assertThat(payment.paid()).isEqualTo(payment.tradeTotal()).isEqualTo(Money.of(5_000, "CNY"));
    }

    private static OrderRow paid(long amount, long paid) {
        OrderKey key = new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"), OutTradeNo.of("ORDER-1"));
        return new OrderRow(OrderId.of(7), key, Optional.empty(), Channel.WECHATPAY, Money.of(amount, "CNY"),
                OrderStatus.PAID, Optional.of(TRADE), Optional.of(Money.of(paid, "CNY")));
    }

}
