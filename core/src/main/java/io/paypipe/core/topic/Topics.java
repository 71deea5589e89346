package io.paypipe.core.topic;

import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundTaskCreated;
import java.util.List;

/** The topic catalogue: every topic the product owns, declared once with its value type. */
public final class Topics {

    /** Orders from the merchant's order system. */
    public static final Topic<OrderCreated> ORDER_CREATED = new Topic<>("order.created", OrderCreated.class);
    /** Verified payment notifications, written by ingress. */
    public static final Topic<PaymentNotified> PAYMENT_NOTIFY = new Topic<>("payment.notify", PaymentNotified.class);
    /** Verified refund notifications, written by ingress. */
    public static final Topic<RefundNotified> REFUND_NOTIFY = new Topic<>("refund.notify", RefundNotified.class);
    /** Orders that were paid, written by the processor after commit. */
    public static final Topic<OrderPaid> ORDER_PAID = new Topic<>("order.paid", OrderPaid.class);
    /** Orders that were closed without money. */
    public static final Topic<OrderClosed> ORDER_CLOSED = new Topic<>("order.closed", OrderClosed.class);

    /** Money to send back (double payment, paid after close), written by the processor after commit. */
    public static final Topic<RefundTaskCreated> REFUND_TASK = new Topic<>("refund.task", RefundTaskCreated.class);
    /** Alerts for operators. */
    public static final Topic<OpsAlertRaised> OPS_ALERT = new Topic<>("ops.alert", OpsAlertRaised.class);

    public static final int DEFAULT_PARTITIONS = 6;

    private Topics() {
    }

    public static List<Topic<?>> all() {
        return List.of(ORDER_CREATED, PAYMENT_NOTIFY, REFUND_NOTIFY, ORDER_PAID, ORDER_CLOSED, REFUND_TASK, OPS_ALERT);
    }
}
