package io.paypipe.core.order;

import static io.paypipe.core.order.OrderEvent.*;
import static io.paypipe.core.order.OrderStatus.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrderTransitionsTest {

    /** The whole whitelist, written out independently of the implementation. */
    private static final Map<String, OrderStatus> EXPECTED = Map.ofEntries(Map.entry("PENDING/PAYMENT_SUCCEEDED", PAID),
            Map.entry("PENDING/PAYMENT_CLOSED", CLOSED), Map.entry("PENDING/ORDER_CANCELLED", CLOSED),
            Map.entry("CLOSED/PAYMENT_SUCCEEDED", PAID), Map.entry("PAID/REFUND_STARTED", REFUNDING),
            Map.entry("REFUNDING/REFUND_STARTED", REFUNDING), Map.entry("PARTIALLY_REFUNDED/REFUND_STARTED", REFUNDING),
            Map.entry("PAID/REFUNDS_SETTLED_FULLY", REFUNDED), Map.entry("REFUNDING/REFUNDS_SETTLED_FULLY", REFUNDED),
            Map.entry("PARTIALLY_REFUNDED/REFUNDS_SETTLED_FULLY", REFUNDED),
            Map.entry("REFUNDING/REFUNDS_SETTLED_PARTLY", PARTIALLY_REFUNDED),
            Map.entry("PAID/REFUNDS_SETTLED_PARTLY", PARTIALLY_REFUNDED),
            Map.entry("PARTIALLY_REFUNDED/REFUNDS_SETTLED_PARTLY", PARTIALLY_REFUNDED),
            Map.entry("REFUNDING/REFUNDS_SETTLED_NONE", PAID));

    @Test
    void everyPairOfStatusAndEventIsEitherWhitelistedOrIllegal() {
        int checked = 0;
        for (OrderStatus from : OrderStatus.values()) {
            for (OrderEvent event : OrderEvent.values()) {
                Optional<OrderStatus> expected = Optional.ofNullable(EXPECTED.get(from + "/" + event));
                assertThat(OrderTransitions.next(from, event)).as(from + " + " + event).isEqualTo(expected);
                checked++;
            }
        }
        assertThat(checked).isEqualTo(OrderStatus.values().length * OrderEvent.values().length);
    }

    @Test
    void refundedOrdersAcceptNoEventAtAllAndClosedOnesOnlyAPaymentThatOverrulesTheChannelsClose() {
        for (OrderEvent event : OrderEvent.values()) {
            assertThat(OrderTransitions.next(REFUNDED, event)).isEmpty();
            if (event != PAYMENT_SUCCEEDED) {
                assertThat(OrderTransitions.next(CLOSED, event)).isEmpty();
            }
        }
    }

    @Test
    void aFailedRefundNeverReturnsAnOrderWithRefundedMoneyToPaid() {
        // only "every refund final and none moved money" leads back to PAID
        for (OrderEvent event : OrderEvent.values()) {
            if (event != REFUNDS_SETTLED_NONE) {
                assertThat(OrderTransitions.next(REFUNDING, event)).isNotEqualTo(Optional.of(PAID));
            }
            assertThat(OrderTransitions.next(PARTIALLY_REFUNDED, event)).isNotEqualTo(Optional.of(PAID));
        }
    }

    @Test
    void aPaidOrderCannotBePaidAgain() {
        assertThat(OrderTransitions.next(PAID, PAYMENT_SUCCEEDED)).isEmpty();
    }

}
