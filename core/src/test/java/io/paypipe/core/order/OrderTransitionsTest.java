package io.paypipe.core.order;

import static io.paypipe.core.order.OrderEvent.*;
import static io.paypipe.core.order.OrderStatus.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrderTransitionsTest {

    /** The whole whitelist, written out independently of the implementation. */
    private static final Map<String, OrderStatus> EXPECTED = Map.of("PENDING/PAYMENT_SUCCEEDED", PAID,
            "PENDING/PAYMENT_CLOSED", CLOSED, "PENDING/ORDER_CANCELLED", CLOSED, "CLOSED/PAYMENT_SUCCEEDED", PAID,
            "PAID/REFUND_STARTED", REFUNDING, "REFUNDING/REFUND_STARTED", REFUNDING, "REFUNDING/REFUND_SUCCEEDED",
            REFUNDED, "REFUNDING/REFUND_FAILED", PAID);

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
    void aPaidOrderCannotBePaidAgain() {
        assertThat(OrderTransitions.next(PAID, PAYMENT_SUCCEEDED)).isEmpty();
    }

}
