package io.paypipe.sandbox.wechatpay;

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
 * WeChat paying an order: one signed TRANSACTION.SUCCESS pushed {@code copies} times,
 * each re-push re-signed with a fresh timestamp as WeChat does. Used by the HTTP API and
 * by the launcher's demo.
 * <p>
 * WeChat's delivery rules ({@link #DELIVERY_RULES}, for payments and refunds alike): HTTP
 * POST to the notify URL with a 5 s timeout; HTTP 200 or 204 is success; anything else
 * (another status, timeout, connection refused) is pushed again after
 * 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h (16 deliveries counting the
 * first).
 * <p>
 * Every payment that pays its order (pushed, or signed only) is written into the
 * {@link SettlementBook} at its {@code success_time}: the trade bills list it.
 */
public final class WechatPayPayments {

    /** WeChat's re-push intervals after a failed delivery. */
    public static final List<Duration> WECHAT_REPUSH_SCHEDULE = List.of(Duration.ofSeconds(15), Duration.ofSeconds(15),
            Duration.ofSeconds(30), Duration.ofMinutes(3), Duration.ofMinutes(10), Duration.ofMinutes(20),
            Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(60),
            Duration.ofHours(3), Duration.ofHours(3), Duration.ofHours(3), Duration.ofHours(6), Duration.ofHours(6));

    /** WeChat waits this long for the merchant's answer. */
    public static final Duration WECHAT_TIMEOUT = Duration.ofSeconds(5);

    /** WeChat Pay v3: HTTP 200 or 204, whatever the body. */
    public static final DeliveryRules.SuccessAck WECHAT_SUCCESS_ACK = (status, body) -> status == 200 || status == 204;

    public static final DeliveryRules DELIVERY_RULES = new DeliveryRules("wechatpay", WECHAT_REPUSH_SCHEDULE,
            WECHAT_SUCCESS_ACK);

    private final SandboxMerchants merchants;

    private final WechatPayNotifications notifications;

    private final NotificationPusher pusher;

    private final CallbackScenarios callbacks;

    private final WechatPaySettlements settlements;

    private final WechatPayTrades trades = new WechatPayTrades();

    /**
     * Payments whose notifications always go out (no callback scenarios), settled in a
     * book of their own.
     */
    public WechatPayPayments(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher pusher) {
        this(merchants, notifications, pusher, new CallbackScenarios(), new SettlementBook());
    }

    /**
     * Payments whose notifications go out as the orders' {@code callbacks} scenarios say
     * (dropped, held until queried), each written into {@code book} once it paid.
     */
    public WechatPayPayments(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher pusher, CallbackScenarios callbacks, SettlementBook book) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
        this.callbacks = callbacks;
        this.settlements = new WechatPaySettlements(book);
    }

    /**
     * A pusher to {@code notifyUrl} with WeChat's {@link #DELIVERY_RULES};
     * {@code timeout} per attempt.
     */
    public static NotificationPusher pusher(URI notifyUrl, long timeCompression, Duration timeout, Clock clock) {
        return new NotificationPusher(notifyUrl, DELIVERY_RULES, timeCompression, timeout, clock);
    }

    /**
     * What was sent and the deliveries, each completing when acknowledged or given up.
     */
    public record Payment(SignedNotification notification, PaymentSpec spec,
            List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
    }

    /**
     * Pays {@code outTradeNo} of {@code merchantId} (a direct merchant, or a sub-merchant
     * of a service provider): the order placed under that number, or an order paid at
     * once. {@code payerTotalFen} null means the payer paid the whole amount. Its
     * notification goes out as the order's callback scenario says (pushed, dropped or
     * held).
     * @throws OrderClosedException when the merchant closed the order
     */
    public Payment pay(String merchantId, String outTradeNo, long totalFen, Long payerTotalFen, int copies) {
        return push(spec(merchantId, outTradeNo, totalFen, payerTotalFen), copies);
    }

    /**
     * The signed notification of paying {@code outTradeNo} in full, built but not pushed:
     * for a load driver that delivers notifications itself (the benchmark). Signed now,
     * so it must be sent within the replay window.
     */
    public SignedNotification signOnly(String merchantId, String outTradeNo, long totalFen) {
        PaymentSpec spec = paidNow(spec(merchantId, outTradeNo, totalFen, null));
        register(spec);
        return notifications.transactionSuccess(spec);
    }

    /**
     * Places the unpaid order {@code outTradeNo} of {@code totalFen} at
     * {@code merchantId} (a direct merchant or a sub-merchant), as the merchant's prepay
     * does; nothing when WeChat has that order already.
     */
    public void place(String merchantId, String outTradeNo, long totalFen) {
        WechatPaySandboxMerchant merchant = merchants.wechatPay(merchantId);
        trades.place(merchant, merchant.subMchidFor(merchantId), outTradeNo, totalFen, notifications.clock().instant());
    }

    public SandboxMerchants merchants() {
        return merchants;
    }

    /**
     * Every trade these payments made, for WeChat's refund API
     * ({@link WechatPayRefundDesk}).
     */
    public WechatPayTrades trades() {
        return trades;
    }

    private PaymentSpec spec(String merchantId, String outTradeNo, long totalFen, Long payerTotalFen) {
        WechatPaySandboxMerchant merchant = merchants.wechatPay(merchantId);
        PaymentSpec spec = PaymentSpec.success(merchant, merchant.subMchidFor(merchantId), outTradeNo, totalFen)
            .withTransactionId(notifications.newTransactionId());
        if (payerTotalFen != null) {
            spec = spec.withPayerTotalFen(payerTotalFen);
        }
        return spec;
    }

    /**
     * Pushes the notification of {@code spec} {@code copies} times (as its order's
     * callback scenario says); its {@code success_time} is now unless it has one.
     * @throws OrderClosedException when the merchant closed the order
     */
    public Payment push(PaymentSpec spec, int copies) {
        PaymentSpec paid = paidNow(spec);
        register(paid);
        SignedNotification notification = notifications.transactionSuccess(paid);
        return new Payment(notification, paid, gated(notification, paid, copies));
    }

    /**
     * Pushes the very same notification of an earlier payment {@code copies} more times
     * (byte-identical first attempts, each with its own re-push chain): WeChat's
     * duplicates arriving in waves.
     */
    public List<CompletableFuture<NotificationPusher.Delivery>> pushAgain(Payment payment, int copies) {
        return gated(payment.notification(), payment.spec(), copies);
    }

    private List<CompletableFuture<NotificationPusher.Delivery>> gated(SignedNotification notification,
            PaymentSpec spec, int copies) {
        OrderRef order = OrderRef.of(Channel.WECHATPAY, spec.orderMerchantId(), spec.outTradeNo());
        return callbacks.gate(order, copies, () -> pushCopies(notification, spec, copies));
    }

    /** The trade of {@code paid}, settled when it paid its order. */
    private void register(PaymentSpec paid) {
        if (trades.register(paid, notifications.clock().instant())) {
            settlements.paid(paid);
        }
    }

    private PaymentSpec paidNow(PaymentSpec spec) {
        return spec.successTime() != null || spec.tradeState() != TradeState.SUCCESS ? spec
                : spec.withSuccessTime(notifications.clock().instant());
    }

    private List<CompletableFuture<NotificationPusher.Delivery>> pushCopies(SignedNotification notification,
            PaymentSpec spec, int copies) {
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(notification, n -> notifications.resign(n, spec.merchant())));
        }
        return List.copyOf(deliveries);
    }

}
