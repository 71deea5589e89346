package io.paypipe.refund.refund;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.paypipe.core.order.RefundProgress;
import io.paypipe.refund.order.OrderRow;
import java.util.List;

/**
 * An order's refunds: every refund of all its payments (the paying trade's, and those of
 * money it could not take, source TASK) and where its paying trade stands (minor units).
 */
record OrderRefundsView(String merchant, @JsonProperty("out_trade_no") String outTradeNo, String status,
        String currency, Long paid, Long refunded, @JsonProperty("in_flight") Long inFlight, Long refundable,
        List<RefundView> refunds) {

    static OrderRefundsView of(OrderRow order, RefundProgress progress, List<RefundView> refunds) {
        boolean paid = progress != null;
        return new OrderRefundsView(order.key().merchantId().value(), order.key().outTradeNo().value(),
                order.status().name(), order.amount().currency(), paid ? progress.paidMinor() : null,
                paid ? progress.succeededMinor() : null, paid ? progress.inFlightMinor() : null,
                paid ? Math.max(0, progress.refundableMinor()) : null, refunds);
    }

}
