package io.paypipe.core.topic;

import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.core.event.RefundTaskCreated;
import java.util.List;

/**
 * The topic catalogue: every topic the product owns, declared once with its value type.
 */
public final class Topics {

    /**
     * The topic names as compile-time constants, for annotations such as
     * {@code @KafkaListener(topics = ...)} that cannot call {@link Topic#name()}.
     * Everything else uses the {@link Topic} constants below.
     */
    public static final class Names {

        public static final String ORDER_CREATED = "order.created";

        public static final String PAYMENT_NOTIFY = "payment.notify";

        public static final String PAYMENT_SETTLED = "payment.settled";

        public static final String PAYMENT_UNSETTLED = "payment.unsettled";

        public static final String PAYMENT_QUERY = "payment.query";

        public static final String REFUND_NOTIFY = "refund.notify";

        public static final String ORDER_PAID = "order.paid";

        public static final String ORDER_CLOSED = "order.closed";

        public static final String ORDER_REFUNDED = "order.refunded";

        public static final String REFUND_TASK = "refund.task";

        public static final String REFUND_QUERY = "refund.query";

        public static final String OPS_ALERT = "ops.alert";

        private Names() {
        }

    }

    /** Orders from the merchant's order system. */
    public static final Topic<OrderCreated> ORDER_CREATED = new Topic<>(Names.ORDER_CREATED, OrderCreated.class);

    /** Verified payment notifications, written by ingress. */
    public static final Topic<PaymentNotified> PAYMENT_NOTIFY = new Topic<>(Names.PAYMENT_NOTIFY,
            PaymentNotified.class);

    /**
     * One record per raw notification row the processor settled, with its outcome,
     * written after commit; keyed and partitioned like {@code payment.notify} (same key,
     * same partition count), so a notification and its settlement meet in one task of the
     * reconcile watchdog.
     */
    public static final Topic<NotificationSettled> PAYMENT_SETTLED = new Topic<>(Names.PAYMENT_SETTLED,
            NotificationSettled.class);

    /**
     * Notifications not settled within their deadline, written by reconcile-service's
     * watchdog and turned into alerts by reconcile-service.
     */
    public static final Topic<NotificationUnsettled> PAYMENT_UNSETTLED = new Topic<>(Names.PAYMENT_UNSETTLED,
            NotificationUnsettled.class);

    /**
     * Orders to query at their channel while pending (the active query), consumed by
     * reconcile-service on its delayed retry topics: the query ladder.
     */
    public static final Topic<PaymentQueryDue> PAYMENT_QUERY = new Topic<>(Names.PAYMENT_QUERY, PaymentQueryDue.class);

    /** Verified refund notifications, written by ingress. */
    public static final Topic<RefundNotified> REFUND_NOTIFY = new Topic<>(Names.REFUND_NOTIFY, RefundNotified.class);

    /** Orders that were paid, written by the processor after commit. */
    public static final Topic<OrderPaid> ORDER_PAID = new Topic<>(Names.ORDER_PAID, OrderPaid.class);

    /** Orders that were closed without money. */
    public static final Topic<OrderClosed> ORDER_CLOSED = new Topic<>(Names.ORDER_CLOSED, OrderClosed.class);

    /** Money of a paid order that went back, one event per refund: refund-service. */
    public static final Topic<OrderRefunded> ORDER_REFUNDED = new Topic<>(Names.ORDER_REFUNDED, OrderRefunded.class);

    /**
     * Money to send back (double payment, paid after close), written by the processor
     * after commit.
     */
    public static final Topic<RefundTaskCreated> REFUND_TASK = new Topic<>(Names.REFUND_TASK, RefundTaskCreated.class);

    /**
     * Refunds to query at their channel (not final yet), consumed by refund-service on
     * its delayed retry topics: the query ladder.
     */
    public static final Topic<RefundQueryDue> REFUND_QUERY = new Topic<>(Names.REFUND_QUERY, RefundQueryDue.class);

    /** Alerts for operators. */
    public static final Topic<OpsAlertRaised> OPS_ALERT = new Topic<>(Names.OPS_ALERT, OpsAlertRaised.class);

    public static final int DEFAULT_PARTITIONS = 6;

    private Topics() {
    }

    public static List<Topic<?>> all() {
        return List.of(ORDER_CREATED, PAYMENT_NOTIFY, PAYMENT_SETTLED, PAYMENT_UNSETTLED, PAYMENT_QUERY, REFUND_NOTIFY,
                ORDER_PAID, ORDER_CLOSED, ORDER_REFUNDED, REFUND_TASK, REFUND_QUERY, OPS_ALERT);
    }

}
