package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.DeliveryRules;
import io.paypipe.sandbox.push.NotificationPusher;
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

    private final AlipayTradeBook trades = new AlipayTradeBook();

    /**
     * A pusher to {@code notifyUrl} with Alipay's {@link #DELIVERY_RULES};
     * {@code timeout} per attempt.
     */
    public static NotificationPusher pusher(URI notifyUrl, long timeCompression, Duration timeout, Clock clock) {
        return new NotificationPusher(notifyUrl, DELIVERY_RULES, timeCompression, timeout, clock);
    }

    /** {@code pusher} is owned from now on: {@link #close()} closes it. */
    public AlipayPayments(SandboxMerchants merchants, AlipayNotifications notifications, NotificationPusher pusher) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
    }

    /**
     * What was sent and its deliveries, each completing when acknowledged or given up.
     */
    public record Payment(AlipayNotification notification, AlipayTrade trade,
            List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
    }

    /**
     * Pays {@code outTradeNo} of {@code appId} (a direct app, or an app that authorised a
     * service provider) with a fresh trade_no: {@code TRADE_SUCCESS}. {@code receiptFen}
     * null means the merchant received it all.
     */
    public Payment pay(String appId, String outTradeNo, long totalFen, Long receiptFen, int copies) {
        AlipayTrade trade = AlipayTrade.paid(owner(appId), appId, outTradeNo, notifications.newTradeNo(), totalFen);
        if (receiptFen != null) {
            trade = trade.withReceiptFen(receiptFen);
        }
        trades.record(trade);
        return push(notifications.tradeStatusSync(trade), trade, copies);
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

    public AlipayNotifications notifications() {
        return notifications;
    }

    public URI notifyUrl() {
        return pusher.notifyUrl();
    }

    public NotificationPusher.Stats stats() {
        return pusher.stats();
    }

    private AlipayMerchant owner(String appId) {
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
