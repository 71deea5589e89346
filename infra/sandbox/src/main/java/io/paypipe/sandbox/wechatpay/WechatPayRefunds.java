package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * WeChat reporting a refund: one signed REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL
 * pushed {@code copies} times to the same notify URL as payments, each re-push re-signed
 * with a fresh timestamp as WeChat does.
 */
public final class WechatPayRefunds {

    private final SandboxMerchants merchants;

    private final WechatPayNotifications notifications;

    private final NotificationPusher pusher;

    public WechatPayRefunds(SandboxMerchants merchants, WechatPayNotifications notifications,
            NotificationPusher pusher) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
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
        SignedNotification notification = notifications.refund(spec);
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(notification, n -> notifications.resign(n, spec.merchant())));
        }
        return new Refund(notification, spec, List.copyOf(deliveries));
    }

}
