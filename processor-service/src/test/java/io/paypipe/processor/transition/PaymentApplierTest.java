package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.processor.order.OrderRow;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaymentApplierTest {

    private static OrderRow pendingOrder(OrderKey key, long fen, String currency) {
        return new OrderRow(OrderId.of(1), key, Optional.empty(), Channel.WECHATPAY, Money.of(fen, currency),
                OrderStatus.PENDING, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void sameMerchantCurrencyAndOrderAmountIsNoMismatchEvenWhenThePayerPaidLess() {
        OrderKey key = newOrderKey();

        var mismatch = PaymentApplier.mismatch(pendingOrder(key, 1000, "CNY"),
                succeeded(1, key, newTradeNo(), 1000, 900));

        assertThat(mismatch).isEmpty();
    }

    @Test
    void aDifferentOrderAmountIsAMismatch() {
        OrderKey key = newOrderKey();

        var mismatch = PaymentApplier.mismatch(pendingOrder(key, 1000, "CNY"),
                succeeded(1, key, newTradeNo(), 1001, 1001));

        assertThat(mismatch).hasValueSatisfying(m -> assertThat(m).contains("order amount 1001 != 1000"));
    }

    @Test
    void aDifferentCurrencyIsAMismatch() {
        OrderKey key = newOrderKey();

        var mismatch = PaymentApplier.mismatch(pendingOrder(key, 1000, "USD"),
                succeeded(1, key, newTradeNo(), 1000, 1000));

        assertThat(mismatch).hasValueSatisfying(m -> assertThat(m).contains("currency"));
    }

    @Test
    void anotherTenantOrServiceProviderIsAMismatch() {
        OrderKey key = newOrderKey();
        OrderKey otherTenant = new OrderKey(TenantId.of("other"), key.merchantId(), key.outTradeNo());
        var order = new OrderRow(OrderId.of(1), key, Optional.of(MerchantId.of("1230000109")), Channel.WECHATPAY,
                Money.of(1000, "CNY"), OrderStatus.PENDING, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());

        assertThat(PaymentApplier.mismatch(pendingOrder(key, 1000, "CNY"),
                succeeded(1, otherTenant, newTradeNo(), 1000, 1000)))
            .hasValueSatisfying(m -> assertThat(m).contains("tenant"));
        assertThat(PaymentApplier.mismatch(order, succeeded(1, key, newTradeNo(), 1000, 1000)))
            .hasValueSatisfying(m -> assertThat(m).contains("service provider"));
    }

}
