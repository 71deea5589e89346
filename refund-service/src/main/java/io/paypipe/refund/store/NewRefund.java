package io.paypipe.refund.store;

import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.refund.order.Payment;
import java.util.Optional;

/** A refund to store as PENDING, before any channel hears of it. */
public record NewRefund(String refundNo, OrderKey orderKey, Optional<MerchantId> spMerchantId, Payment payment,
        Money amount, RefundSource source, String reason, String requestedBy) {
}
