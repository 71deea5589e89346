package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.DeliveryRules;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Alipay paying (and refunding) an order: one signed {@code trade_status_sync}
 * notification pushed {@code copies} times, each copy its own delivery re-sent on
 * Alipay's schedule until the receiver answers {@code success}. Re-sends carry the very
 * same bytes (same {@code notify_id}, same {@code sign}): Alipay's notifications have no
 * signed timestamp a receiver could hold against a late re-send. Used by the HTTP API,
 * the launcher and the tests.
 * <p>
 * Every payment taken, and every refund that succeeds, is recorded in the
 * {@link SettlementBook} the bills are made of ({@link AlipaySettlements}).
 */
public final class AlipayPayments implements AutoCloseable {

    /**
     * Alipay's re-send intervals after a failed delivery: 8 deliveries within about 25
     * hours.
     */
    public static final List<Duration> ALIPAY_RESEND_SCHEDULE = List.of(Duration.ofMinutes(4), Duration.ofMinutes(10),
            Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(6),
            Duration.ofHours(15));

    /**
     * Alipay stops re-sending only when the answer is 2xx with the body exactly
     * {@code success} (7 characters).
     */
    public static final DeliveryRules.SuccessAck ALIPAY_SUCCESS_ACK = (status, body) -> status >= 200 && status < 300
            && "success".equals(body);

    public static final DeliveryRules DELIVERY_RULES = new DeliveryRules("alipay", ALIPAY_RESEND_SCHEDULE,
            ALIPAY_SUCCESS_ACK);

    private final SandboxMerchants merchants;

    private final AlipayNotifications notifications;

    private final NotificationPusher pusher;

    private final CallbackScenarios callbacks;

    private final AlipayTradeBook trades = new AlipayTradeBook();

    private final AlipaySettlements settlements;

    /**
     * A pusher to {@code notifyUrl} with Alipay's {@link #DELIVERY_RULES};
     * {@code timeout} per attempt.
     */
    public static NotificationPusher pusher(URI notifyUrl, long timeCompression, Duration timeout, Clock clock) {
        return new NotificationPusher(notifyUrl, DELIVERY_RULES, timeCompression, timeout, clock);
    }

    /**
     * Payments whose notifications always go out. {@code pusher} is owned from now on:
     * {@link #close()} closes it.
     */
    public AlipayPayments(SandboxMerchants merchants, AlipayNotifications notifications, NotificationPusher pusher) {
        this(merchants, notifications, pusher, new CallbackScenarios());
    }

    /**
     * Payments whose notifications go out as the orders' {@code callbacks} scenarios say
     * (dropped, held until queried).
     */
    public AlipayPayments(SandboxMerchants merchants, AlipayNotifications notifications, NotificationPusher pusher,
            CallbackScenarios callbacks) {
        this(merchants, notifications, pusher, callbacks, new SettlementBook());
    }

    /**
     * Payments as {@code callbacks} say, whose payments and refunds are recorded in
     * {@code settlements}.
     */
    public AlipayPayments(SandboxMerchants merchants, AlipayNotifications notifications, NotificationPusher pusher,
            CallbackScenarios callbacks, SettlementBook settlements) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
        this.callbacks = callbacks;
        this.settlements = new AlipaySettlements(settlements);
    }

    /**
     * What was sent and its deliveries, each completing when acknowledged or given up.
     */
    public record Payment(AlipayNotification notification, AlipayTrade trade,
            List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
    }

    /**
     * Pays {@code outTradeNo} of {@code appId} (a direct app, or an app that authorised a
     * service provider): {@code TRADE_SUCCESS}, under the trade_no of the order's placed
     * trade, else a fresh one. {@code receiptFen} null means the merchant received it
     * all. The notification goes out as the order's callback scenario says.
     * @throws OrderClosedException when the merchant closed the order's trade
     */
    public Payment pay(String appId, String outTradeNo, long totalFen, Long receiptFen, int copies) {
        AlipayTrade trade = AlipayTrade.paid(owner(appId), appId, outTradeNo, notifications.newTradeNo(), totalFen);
        if (receiptFen != null) {
            trade = trade.withReceiptFen(receiptFen);
        }
        AlipayTrade paid = trades.pay(trade, notifications.clock().instant());
        AlipayNotification notification = notifications.tradeStatusSync(paid);
        settlements.paid(paid, notification);
        return new Payment(notification, paid, callbacks.gate(OrderRef.of(Channel.ALIPAY, appId, outTradeNo), copies,
                () -> push(notification, paid, copies).deliveries()));
    }

    /**
     * Creates the unpaid trade ({@code WAIT_BUYER_PAY}, a fresh trade_no) of order
     * {@code outTradeNo} of {@code appId}, as a merchant's trade create does; nothing
     * when Alipay has a trade of that order.
     */
    public void place(String appId, String outTradeNo, long totalFen) {
        trades.place(AlipayTrade.waiting(owner(appId), appId, outTradeNo, notifications.newTradeNo(), totalFen));
    }

    public SandboxMerchants merchants() {
        return merchants;
    }

    /**
     * The refund notification of trade {@code tradeNo}: {@code refundedFenSoFar} is the
     * trade's cumulative refunded amount (Alipay's {@code refund_fee}), {@code outBizNo}
     * the merchant's refund request number.
     */
    public Payment refund(String appId, String outTradeNo, String tradeNo, long totalFen, String outBizNo,
            long refundedFenSoFar, int copies) {
        AlipayTrade trade = AlipayTrade.paid(owner(appId), appId, outTradeNo, tradeNo, totalFen);
        return push(notifications.refund(trade, outBizNo, refundedFenSoFar), trade, copies);
    }

    /**
     * Pushes {@code notification} {@code copies} times, each copy with its own re-send
     * chain.
     */
    public Payment push(AlipayNotification notification, AlipayTrade trade, int copies) {
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(notification));
        }
        return new Payment(notification, trade, List.copyOf(deliveries));
    }

    /** Every delivery of the notification with this {@code notify_id}. */
    public List<NotificationPusher.Delivery> deliveries(String notifyId) {
        return pusher.deliveries(notifyId);
    }

    /**
     * Every trade paid through {@link #pay}, with its refunds: what the gateway's refund
     * desk refunds.
     */
    public AlipayTradeBook trades() {
        return trades;
    }

    /** Records this Alipay's payments and refunds. */
    AlipaySettlements settlements() {
        return settlements;
    }

    public AlipayNotifications notifications() {
        return notifications;
    }

    public URI notifyUrl() {
        return pusher.notifyUrl();
    }

    public NotificationPusher.Stats stats() {
        return pusher.stats();
    }

    AlipayMerchant owner(String appId) {
        AlipayMerchant merchant = merchants.alipay(appId);
        if (merchant.isServiceProvider() && merchant.appId().equals(appId)) {
            throw new IllegalArgumentException(appId + " is a service provider's app: give an app that authorised it");
        }
        return merchant;
    }

    @Override
    public void close() {
        pusher.close();
    }

}
