package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchant;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * WeChat paying an order: one signed TRANSACTION.SUCCESS pushed {@code copies} times, each re-push re-signed
 * with a fresh timestamp as WeChat does. Used by the HTTP API and by the launcher's demo.
 */
public final class WechatPayPayments {

    private final SandboxMerchants merchants;
    private final WechatPayNotifications notifications;
    private final NotificationPusher pusher;

    public WechatPayPayments(SandboxMerchants merchants, WechatPayNotifications notifications, NotificationPusher pusher) {
        this.merchants = merchants;
        this.notifications = notifications;
        this.pusher = pusher;
    }

    /** What was sent and the deliveries, each completing when acknowledged or given up. */
    public record Payment(SignedNotification notification, PaymentSpec spec,
                          List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
    }

    /**
     * Pays {@code outTradeNo} of {@code merchantId} (a direct merchant, or a sub-merchant of a service
     * provider). {@code payerTotalFen} null means the payer paid the whole amount.
     */
    public Payment pay(String merchantId, String outTradeNo, long totalFen, Long payerTotalFen, int copies) {
        return push(spec(merchantId, outTradeNo, totalFen, payerTotalFen), copies);
    }

    /**
     * The signed notification of paying {@code outTradeNo} in full, built but not pushed: for a load driver that
     * delivers notifications itself (the benchmark). Signed now, so it must be sent within the replay window.
     */
    public SignedNotification signOnly(String merchantId, String outTradeNo, long totalFen) {
        return notifications.transactionSuccess(spec(merchantId, outTradeNo, totalFen, null));
    }

    private PaymentSpec spec(String merchantId, String outTradeNo, long totalFen, Long payerTotalFen) {
        SandboxMerchant merchant = merchants.get(merchantId);
        String subMchid = null;
        if (merchant.isServiceProvider()) {
            if (merchant.merchantId().equals(merchantId)) {
                throw new IllegalArgumentException(merchantId + " is a service provider: give one of its sub-merchants");
            }
            subMchid = merchantId;
        }
        PaymentSpec spec = PaymentSpec.success(merchant, subMchid, outTradeNo, totalFen)
                .withTransactionId(notifications.newTransactionId());
        if (payerTotalFen != null) {
            spec = spec.withPayerTotalFen(payerTotalFen);
        }
        return spec;
    }

    /** Pushes the notification of {@code spec} {@code copies} times. */
    public Payment push(PaymentSpec spec, int copies) {
        SignedNotification notification = notifications.transactionSuccess(spec);
        return new Payment(notification, spec, pushCopies(notification, spec, copies));
    }

    /**
     * Pushes the very same notification of an earlier payment {@code copies} more times (byte-identical first
     * attempts, each with its own re-push chain): WeChat's duplicates arriving in waves.
     */
    public List<CompletableFuture<NotificationPusher.Delivery>> pushAgain(Payment payment, int copies) {
        return pushCopies(payment.notification(), payment.spec(), copies);
    }

    private List<CompletableFuture<NotificationPusher.Delivery>> pushCopies(SignedNotification notification, PaymentSpec spec,
                                                                            int copies) {
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(notification, n -> notifications.resign(n, spec.merchant())));
        }
        return List.copyOf(deliveries);
    }
}
