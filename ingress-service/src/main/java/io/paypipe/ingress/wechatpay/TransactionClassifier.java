package io.paypipe.ingress.wechatpay;

import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.model.TransactionAmount;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.VerifiedNotification;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Turns a decrypted transaction into what the pipeline stores: checks it belongs to the merchant whose key
 * signed it, classifies {@code trade_state} and maps ids and amounts (integer fen, exactly as sent).
 */
@Component
class TransactionClassifier {

    static final String DEFAULT_CURRENCY = "CNY";
    private static final int MAX_TRADE_STATE = 32;

    /** The pipeline's state for a final WeChat trade state; empty while no money has moved yet. */
    static Optional<PaymentState> finalState(String tradeState) {
        return switch (tradeState) {
            case "SUCCESS" -> Optional.of(PaymentState.SUCCEEDED);
            case "CLOSED", "REVOKED", "PAYERROR" -> Optional.of(PaymentState.CLOSED);
            // ACCEPT (accepted, deduction pending) is as moneyless as NOTPAY; storing it would take the trade
            // number's unique key and turn the later SUCCESS into a "duplicate"
            case "NOTPAY", "USERPAYING", "ACCEPT" -> Optional.empty();
            default -> Optional.of(PaymentState.UNKNOWN);
        };
    }

    Check<Classification> classify(OpenedNotification opened) {
        WechatPayMerchant merchant = opened.merchant();
        DecryptedPayment payment = opened.payment();
        Transaction tx = payment.transaction();
        if (payment.tradeState().isEmpty()) {
            return Check.reject(Rejection.MALFORMED, "no trade_state (event " + opened.eventType() + ")");
        }
        String tradeState = payment.tradeState().get();
        return owner(merchant, payment).then(orderMerchant -> {
            Optional<PaymentState> state = finalState(tradeState);
            if (state.isEmpty()) {
                return Check.ok(new Classification.Intermediate(tradeState, orderMerchant, String.valueOf(tx.getOutTradeNo())));
            }
            return notification(opened, orderMerchant, state.get(), tradeState);
        });
    }

    /** The merchant that owns the order: sub_mchid in service-provider mode, else mchid. */
    private static Check<String> owner(WechatPayMerchant merchant, DecryptedPayment payment) {
        if (payment.spMchid().isPresent()) {
            String spMchid = payment.spMchid().get();
            String subMchid = payment.subMchid().orElse("");
            if (!spMchid.equals(merchant.merchantId()) || !merchant.subMerchantIds().contains(subMchid)) {
                return Check.reject(Rejection.MERCHANT_MISMATCH, "sp_mchid " + spMchid + " / sub_mchid " + subMchid
                        + " not under merchant " + merchant.merchantId() + " whose key signed it");
            }
            return Check.ok(subMchid);
        }
        String mchid = payment.transaction().getMchid();
        if (!merchant.merchantId().equals(mchid)) {
            return Check.reject(Rejection.MERCHANT_MISMATCH, "mchid " + mchid + " is not merchant "
                    + merchant.merchantId() + " whose key signed it");
        }
        return Check.ok(mchid);
    }

    private static Check<Classification> notification(OpenedNotification opened, String orderMerchant,
                                                      PaymentState state, String tradeState) {
        Transaction tx = opened.payment().transaction();
        TransactionAmount amount = tx.getAmount();
        if (tradeState.length() > MAX_TRADE_STATE) {
            return Check.reject(Rejection.MALFORMED, "trade_state longer than " + MAX_TRADE_STATE);
        }
        if (amount == null || amount.getTotal() == null || amount.getTotal() < 0) {
            return Check.reject(Rejection.MALFORMED, "amount.total missing or negative");
        }
        boolean succeeded = state == PaymentState.SUCCEEDED;
        if (amount.getPayerTotal() == null ? succeeded : amount.getPayerTotal() < 0) {
            return Check.reject(Rejection.MALFORMED, "amount.payer_total missing or negative");
        }
        try {
            String currency = amount.getCurrency() == null ? DEFAULT_CURRENCY : amount.getCurrency();
            String payerCurrency = amount.getPayerCurrency() == null ? currency : amount.getPayerCurrency();
            Money orderAmount = Money.of(amount.getTotal(), currency);
            Money paidAmount = Money.of(amount.getPayerTotal() == null ? 0 : amount.getPayerTotal(), payerCurrency);
            Instant paidAt = succeeded ? OffsetDateTime.parse(String.valueOf(tx.getSuccessTime())).toInstant() : null;
            OrderKey orderKey = new OrderKey(opened.merchant().tenant(), MerchantId.of(orderMerchant),
                    OutTradeNo.of(tx.getOutTradeNo()));
            MerchantId spMerchantId = opened.payment().spMchid().map(MerchantId::of).orElse(null);
            return Check.ok(new Classification.Final(new VerifiedNotification(Channel.WECHATPAY, orderKey, spMerchantId,
                    ChannelTradeNo.of(tx.getTransactionId()), state, tradeState, orderAmount, paidAmount, paidAt,
                    opened.notifyId().orElse(null), opened.body())));
        } catch (DateTimeParseException e) {
            return Check.reject(Rejection.MALFORMED, "success_time is not RFC 3339");
        } catch (IllegalArgumentException e) {
            // from the id and money types: they name the field, never its value
            return Check.reject(Rejection.MALFORMED, e.getMessage());
        }
    }
}
