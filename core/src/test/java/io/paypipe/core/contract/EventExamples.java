package io.paypipe.core.contract;

import java.time.Instant;
import java.util.Map;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;

/**
 * One example value per topic, as docs/events/examples shows it to the teams downstream:
 * one WeChat Pay order of 100.00 CNY paid, its notification settled, a double payment
 * refunded.
 */
public final class EventExamples {

    static final Instant AT = Instant.parse("2026-12-01T08:00:00Z");

    static final OrderKey KEY = new OrderKey(TenantId.of("shop-1"), MerchantId.of("1900000100"),
            OutTradeNo.of("ORDER-20261201-0001"));

    static final ChannelTradeNo TRADE = ChannelTradeNo.of("4200002026120100001");

    static final Money AMOUNT = Money.of(10000, "CNY");

    static final OrderId ORDER = OrderId.of(42);

    private EventExamples() {
    }

    /** An example value of every topic of the catalogue. */
    public static Map<Topic<?>, Object> all() {
        Map<Topic<?>, Object> examples = new java.util.LinkedHashMap<>();
        EventId notify = PaymentNotified.idFor(7);
        examples.put(Topics.ORDER_CREATED,
                new OrderCreated(EventId.derived("example", "created"), KEY, null, Channel.WECHATPAY, AMOUNT, AT));
        examples.put(Topics.PAYMENT_NOTIFY, new PaymentNotified(notify, 7, Channel.WECHATPAY, KEY, null, TRADE,
                PaymentState.SUCCEEDED, "SUCCESS", AMOUNT, AMOUNT, AT.plusSeconds(30), AT.plusSeconds(31)));
        examples.put(Topics.PAYMENT_SETTLED, new NotificationSettled(NotificationSettled.idFor(7, RawOutcome.APPLIED),
                notify, 7, Channel.WECHATPAY, KEY, RawOutcome.APPLIED, AT.plusSeconds(32)));
        examples.put(Topics.PAYMENT_UNSETTLED, new NotificationUnsettled(NotificationUnsettled.idFor(notify), notify, 7,
                Channel.WECHATPAY, KEY, AT.plusSeconds(31), AT.plusSeconds(331)));
        examples.put(Topics.PAYMENT_QUERY, new PaymentQueryDue(EventId.derived("example", "query"), KEY, null,
                Channel.WECHATPAY, PaymentQueryDue.Reason.ORDER_CREATED, 1, AT.plusSeconds(180), AT.plusSeconds(7200)));
        examples.put(Topics.REFUND_NOTIFY,
                new RefundNotified(RefundNotified.idFor(9), 9, Channel.WECHATPAY, KEY, null, "R-42-1",
                        "50300002026120100001", TRADE, RefundState.SUCCEEDED, "SUCCESS", AMOUNT, AMOUNT,
                        AT.plusSeconds(600), AT.plusSeconds(601)));
        examples.put(Topics.ORDER_PAID, new OrderPaid(OrderPaid.idFor(Channel.WECHATPAY, TRADE), ORDER, KEY,
                Channel.WECHATPAY, TRADE, AMOUNT, AMOUNT, AT.plusSeconds(30)));
        examples.put(Topics.ORDER_CLOSED, new OrderClosed(EventId.derived("example", "closed"), ORDER, KEY,
                "CLOSED by the channel", AT.plusSeconds(7200)));
        examples.put(Topics.ORDER_REFUNDED, new OrderRefunded(OrderRefunded.idFor(KEY, "R-42-1"), ORDER, KEY,
                Channel.WECHATPAY, TRADE, "R-42-1", "50300002026120100001", AMOUNT, AMOUNT, AT.plusSeconds(600)));
        examples.put(Topics.REFUND_TASK, new RefundTaskCreated(RefundTaskCreated.idFor(KEY, ORDER, TRADE), ORDER, KEY,
                Channel.WECHATPAY, TRADE, AMOUNT, RefundTaskCreated.Reason.DOUBLE_PAYMENT, 8, AT.plusSeconds(40)));
        examples.put(Topics.REFUND_QUERY, new RefundQueryDue(RefundQueryDue.idFor(KEY, "R-42-1"), 3, KEY,
                Channel.WECHATPAY, "R-42-1", AT.plusSeconds(60)));
        String alertKey = "DOUBLE_PAYMENT|8";
        examples.put(Topics.OPS_ALERT,
                new OpsAlertRaised(OpsAlertRaised.idFor(alertKey), alertKey, OpsAlertRaised.Kind.DOUBLE_PAYMENT,
                        OpsAlertRaised.Severity.WARN, "shop-1", "1900000100", "ORDER-20261201-0001", "wechatpay",
                        "4200002026120100002", 8L,
                        "a second trade paid an order already paid; a refund task sends it back", AT.plusSeconds(40)));
        return examples;
    }

}
