package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * WeChat reporting a refund: one signed REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL
 * pushed {@code copies} times to the same notify URL as payments, each re-push re-signed
 * with a fresh timestamp as WeChat does. A SUCCESS is written into the
 * {@link SettlementBook} at its {@code success_time} (now unless the spec has one), once
 * per {@code refund_id}: the trade bills list it.
 */
public final class WechatPayRefunds {

    private final SandboxMerchants merchants;

    private final WechatPayNotifications notifications;

    private final NotificationPusher pusher;

    private final WechatPaySettlements settlements;

    /** Refunds settled in a book of their own. */
    public WechatPayRefunds(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher pusher) {
        this(merchants, notifications, pusher, new SettlementBook());
    }

    /** Refunds whose successes are written into {@code book}. */
    public WechatPayRefunds(SandboxMerchants merchants, WechatPayNotifications notifications, NotificationPusher pusher,
            SettlementBook book) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
        this.settlements = new WechatPaySettlements(book);
    }

    /**
     * What was sent and the deliveries, each completing when acknowledged or given up.
     */
    public record Refund(SignedNotification notification, RefundSpec spec,
            List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
    }

    /**
     * Reports refund {@code outRefundNo} of {@code refundFen} of the payment
     * {@code transactionId} (order {@code outTradeNo} of {@code totalFen}) at
     * {@code merchantId}, a direct merchant or a sub-merchant.
     */
    public Refund refund(String merchantId, String outTradeNo, String transactionId, String outRefundNo, long totalFen,
            long refundFen, RefundStatus status, int copies) {
        WechatPaySandboxMerchant merchant = merchants.wechatPay(merchantId);
        RefundSpec spec = RefundSpec
            .success(merchant, merchant.subMchidFor(merchantId), outTradeNo, transactionId, outRefundNo, totalFen,
                    refundFen)
            .withStatus(status);
        return push(spec, copies);
    }

    /** Pushes the notification of {@code spec} {@code copies} times. */
    public Refund push(RefundSpec spec, int copies) {
        RefundSpec sent = spec.status() == RefundStatus.SUCCESS && spec.successTime() == null
                ? spec.withSuccessTime(notifications.clock().instant()) : spec;
        SignedNotification notification = notifications.refund(sent);
        settlements.reported(sent);
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(notification, n -> notifications.resign(n, sent.merchant())));
        }
        return new Refund(notification, sent, List.copyOf(deliveries));
    }

}
