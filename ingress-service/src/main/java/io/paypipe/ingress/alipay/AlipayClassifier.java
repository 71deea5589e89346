package io.paypipe.ingress.alipay;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.InvalidField;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.EventLogNotice;
import io.paypipe.ingress.intake.RefundAmounts;
import io.paypipe.ingress.intake.RefundKey;
import io.paypipe.ingress.intake.VerifiedPayment;
import io.paypipe.ingress.intake.VerifiedRefund;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Turns a verified {@code trade_status_sync} into what the pipeline stores. The order
 * belongs to {@code auth_app_id} (the app itself in direct mode, an app that authorised
 * it in service-provider mode, which the signing app must act for), and {@code seller_id}
 * must be that app's seller as the merchants file lists it; a notification carrying
 * {@code out_biz_no} or {@code gmt_refund} is a refund (Alipay sends refunds to the
 * payment's notify URL); otherwise {@code trade_status} decides: <pre>
 * TRADE_SUCCESS, TRADE_FINISHED -> SUCCEEDED     TRADE_CLOSED -> CLOSED
 * WAIT_BUYER_PAY -> intermediate (event log)     anything else -> UNKNOWN (stored, the processor raises it)
 * </pre> Amounts are yuan strings parsed exactly into fen: {@code total_amount} is the
 * order amount (compared), {@code receipt_amount} (else {@code buyer_pay_amount}, else
 * the total) the paid amount (booked).
 */
@Component
class AlipayClassifier {

    static final String NOTIFY_TYPE = "trade_status_sync";
    static final String WAIT_BUYER_PAY = "WAIT_BUYER_PAY";

    /**
     * The pipeline's state for an Alipay trade status; empty while the buyer has not
     * paid.
     */
    static Optional<PaymentState> finalState(String tradeStatus) {
        return switch (tradeStatus) {
            case "TRADE_SUCCESS", "TRADE_FINISHED" -> Optional.of(PaymentState.SUCCEEDED);
            case "TRADE_CLOSED" -> Optional.of(PaymentState.CLOSED);
            case WAIT_BUYER_PAY -> Optional.empty();
            default -> Optional.of(PaymentState.UNKNOWN);
        };
    }

    /**
     * A refund notification says the refund went through: partly (trade still
     * TRADE_SUCCESS) or fully (TRADE_CLOSED).
     */
    static RefundState refundState(String tradeStatus) {
        return switch (tradeStatus) {
            case "TRADE_SUCCESS", "TRADE_CLOSED" -> RefundState.SUCCEEDED;
            default -> RefundState.UNKNOWN;
        };
    }

    Check<Classified> classify(AlipayVerifier.Verified verified) {
        AlipayApp app = verified.app();
        AlipayFields f = new AlipayFields(verified.form());
        try {
            if (!NOTIFY_TYPE.equals(f.required("notify_type"))) {
                return Check.reject(Rejection.MALFORMED, "notify_type is not " + NOTIFY_TYPE);
            }
            String owner = f.optional("auth_app_id").orElse(app.appId());
            if (!app.actsFor(owner)) {
                return Check.reject(Rejection.MERCHANT_MISMATCH, "auth_app_id " + AlipayVerifier.loggable(owner)
                        + " is neither app " + app.appId() + " nor one that authorised it");
            }
            Optional<String> seller = f.optional("seller_id");
            if (seller.isEmpty() || !app.sellsAs(owner, seller.get())) {
                return Check.reject(Rejection.SELLER_MISMATCH,
                        "seller_id " + seller.map(AlipayVerifier::loggable).orElse("missing")
                                + " is not the seller the merchants file lists for app " + owner);
            }
            MerchantId spMerchantId = owner.equals(app.appId()) ? null : MerchantId.of(app.appId());
            String tradeStatus = f.state("trade_status");
            String body = verified.form().text();
            if (f.has("out_biz_no") || f.has("gmt_refund")) {
                return Check.ok(new Classified.Refund(refund(f, app, owner, spMerchantId, tradeStatus, body)));
            }
            Optional<PaymentState> state = finalState(tradeStatus);
            if (state.isEmpty()) {
                return Check.ok(new Classified.Intermediate(new EventLogNotice(Channel.ALIPAY, app.tenantOf(owner),
                        MerchantId.of(owner), f.optional("out_trade_no").orElse(null),
                        f.optional("trade_no").orElse(null), f.optional("notify_id").orElse(null), tradeStatus, body)));
            }
            return Check
                .ok(new Classified.Payment(payment(f, app, owner, spMerchantId, state.get(), tradeStatus, body)));
        }
        catch (InvalidField e) {
            return Check.reject(Rejection.MALFORMED, e.getMessage());
        }
        catch (IllegalArgumentException e) {
            // from the id types: they name the field, never its value
            return Check.reject(Rejection.MALFORMED, e.getMessage());
        }
    }

    private static VerifiedPayment payment(AlipayFields f, AlipayApp app, String owner, MerchantId spMerchantId,
            PaymentState state, String tradeStatus, String body) {
        OrderKey key = new OrderKey(app.tenantOf(owner), MerchantId.of(owner),
                OutTradeNo.of(f.required("out_trade_no")));
        ChannelTradeNo tradeNo = ChannelTradeNo.of(f.required("trade_no"));
        Money total = f.amount("total_amount");
        Optional<Money> received = f.optionalAmount("receipt_amount").or(() -> f.optionalAmount("buyer_pay_amount"));
        boolean succeeded = state == PaymentState.SUCCEEDED;
        // a closed (or unknown) trade received nothing unless Alipay says otherwise; a
        // paid one at most the total
        Money paid = received.orElse(succeeded ? total : Money.of(0, AlipayFields.CURRENCY));
        Instant paidAt = succeeded ? f.time("gmt_payment") : null;
        return new VerifiedPayment(Channel.ALIPAY, key, spMerchantId, tradeNo, state, tradeStatus, total, paid, paidAt,
                f.optional("notify_id").orElse(null), body);
    }

    /**
     * The refund number is {@code out_biz_no} (the {@code out_request_no} of the refund
     * call). Alipay's {@code refund_fee} is the trade's CUMULATIVE refunded amount, not
     * this refund's: after refunds of 20.00 and 30.00 the second notification says 50.00.
     * So the notice carries the refunded total only, never a refund amount. A notice
     * without {@code out_biz_no} (a refund made outside the product, e.g. in the merchant
     * console) names no refund: it is known by its trade and that cumulative amount,
     * which each refund raises, and left to the refund service to match by
     * {@code trade_no}.
     */
    private static VerifiedRefund refund(AlipayFields f, AlipayApp app, String owner, MerchantId spMerchantId,
            String tradeStatus, String body) {
        OutTradeNo outTradeNo = OutTradeNo.of(f.required("out_trade_no"));
        ChannelTradeNo tradeNo = ChannelTradeNo.of(f.required("trade_no"));
        Optional<String> refundNo = f.optional("out_biz_no");
        Money refundedTotal = f.amount("refund_fee");
        Instant refundedAt = f.time("gmt_refund");
        RefundState state = refundState(tradeStatus);
        RefundKey key = refundNo.map(RefundKey::refundNo)
            .orElseGet(() -> RefundKey.tradeRefundedTotal(tradeNo, refundedTotal));
        return new VerifiedRefund(Channel.ALIPAY, app.tenantOf(owner), MerchantId.of(owner), spMerchantId, outTradeNo,
                key, refundNo.orElse(null), null, tradeNo, state, tradeStatus,
                RefundAmounts.ofRefundedTotal(refundedTotal), state == RefundState.SUCCEEDED ? refundedAt : null,
                f.optional("notify_id").orElse(null), body);
    }

}
