package io.paypipe.ingress.wechatpay;

import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.InvalidField;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.RefundAmounts;
import io.paypipe.ingress.intake.RefundKey;
import io.paypipe.ingress.intake.VerifiedRefund;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Turns a decrypted REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL resource into a
 * {@link VerifiedRefund}: the same owner check as payments, the refund number
 * ({@code out_refund_no}; WeChat always sends one, also for a refund made in the merchant
 * platform, which only the refund service can tell from ours) as the key, and THIS
 * refund's amount ({@code amount.refund}, integer fen) as sent; a WeChat notice says no
 * refunded total of the payment.
 */
@Component
class RefundClassifier {

    private static final int MAX_REFUND_STATUS = 32;

    /** The pipeline's state for a WeChat {@code refund_status}. */
    static RefundState refundState(String refundStatus) {
        return switch (refundStatus) {
            case "SUCCESS" -> RefundState.SUCCEEDED;
            case "CLOSED" -> RefundState.CLOSED;
            case "ABNORMAL" -> RefundState.ABNORMAL;
            default -> RefundState.UNKNOWN;
        };
    }

    Check<Classified> classify(OpenedNotification opened) {
        ResourceFields resource = opened.resource();
        try {
            String refundStatus = resource.text("refund_status", MAX_REFUND_STATUS);
            return OrderOwner.of(opened.merchant(), resource)
                .then(owner -> Check.ok(refund(opened, owner, refundStatus)));
        }
        catch (InvalidField e) {
            return Check.reject(Rejection.MALFORMED, e.getMessage() + " (" + opened.envelope().eventType() + ")");
        }
    }

    private static Classified refund(OpenedNotification opened, OrderOwner owner, String refundStatus) {
        ResourceFields resource = opened.resource();
        RefundState state = refundState(refundStatus);
        OutTradeNo outTradeNo = OutTradeNo.of(resource.text("out_trade_no", ResourceFields.MAX_ID));
        ChannelTradeNo tradeNo = ChannelTradeNo.of(resource.text("transaction_id", ResourceFields.MAX_ID));
        String refundNo = resource.text("out_refund_no", ResourceFields.MAX_ID);
        String refundId = resource.text("refund_id", ResourceFields.MAX_ID);
        long refunded = resource.fen("amount", "refund");
        requireWellFormedAmounts(resource);
        String currency = resource.currency("amount", "currency", TransactionClassifier.DEFAULT_CURRENCY);
        Instant succeededAt = state == RefundState.SUCCEEDED ? resource.time("success_time") : null;
        return new Classified.Refund(new VerifiedRefund(Channel.WECHATPAY,
                opened.merchant().tenantOf(owner.merchantId()), owner.merchantId(), owner.spMerchantId().orElse(null),
                outTradeNo, RefundKey.refundNo(refundNo), refundNo, refundId, tradeNo, state, refundStatus,
                RefundAmounts.ofThisRefund(Money.of(refunded, currency)), succeededAt, opened.envelope().id(),
                opened.body()));
    }

    /**
     * The other amounts are not stored, but a refund notice whose amounts are not fen is
     * not WeChat's.
     */
    private static void requireWellFormedAmounts(ResourceFields resource) {
        resource.fen("amount", "total");
        resource.optionalFen("amount", "payer_total");
        resource.optionalFen("amount", "payer_refund");
    }

}
