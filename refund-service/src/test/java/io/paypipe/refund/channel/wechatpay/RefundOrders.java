package io.paypipe.refund.channel.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.support.ChannelSandbox;
import java.util.UUID;

/** Refunds of trades the sandbox paid, as refund-service hands them to a channel. */
final class RefundOrders {

    private RefundOrders() {
    }

    /**
     * A refund of {@code refundFen} of a fresh order of {@code merchantId} (a direct
     * mchid or a sub_mchid) that WeChat paid {@code totalFen}, under a fresh refund
     * number, with the merchant's entry of the merchants file.
     */
    static RefundOrder paid(ChannelSandbox sandbox, String merchantId, long totalFen, long refundFen) {
        String outTradeNo = "ORDER-" + unique();
        ChannelTradeNo transactionId = sandbox.pay(Channel.WECHATPAY, MerchantId.of(merchantId), outTradeNo, totalFen);
        Merchant merchant = sandbox.merchant(merchantId);
        OrderKey key = new OrderKey(TenantId.of(merchant.tenant()), MerchantId.of(merchantId),
                OutTradeNo.of(outTradeNo));
        return new RefundOrder(merchant, key, transactionId, "RF-" + unique(), Money.of(refundFen, "CNY"),
                Money.of(totalFen, "CNY"), "customer returned the goods", null);
    }

    /** Another refund of the same payment, under a fresh number. */
    static RefundOrder another(RefundOrder order, long refundFen) {
        return new RefundOrder(order.merchant(), order.orderKey(), order.channelTradeNo(), "RF-" + unique(),
                Money.of(refundFen, "CNY"), order.tradeTotal(), order.reason(), null);
    }

    static RefundOrder withMerchant(RefundOrder order, Merchant merchant) {
        return new RefundOrder(merchant, order.orderKey(), order.channelTradeNo(), order.refundNo(), order.amount(),
                order.tradeTotal(), order.reason(), order.channelRefundId());
    }

    static Merchant withCredentials(Merchant merchant, Merchant.WechatPayCredentials credentials) {
        return new Merchant(merchant.tenant(), merchant.channel(), merchant.merchantId(), merchant.subMerchantIds(),
                credentials, null, null);
    }

    private static String unique() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

}
