package io.paypipe.ingress.wechatpay;

import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.InvalidField;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.EventLogNotice;
import io.paypipe.ingress.intake.VerifiedPayment;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Turns a decrypted transaction into what the pipeline stores: checks it belongs to the
 * merchant whose key signed it and was paid in one of its apps ({@link PayingApp}),
 * classifies {@code trade_state} and maps ids and amounts (integer fen, exactly as sent).
 */
@Component
class TransactionClassifier {

    static final String DEFAULT_CURRENCY = "CNY";

    private static final int MAX_TRADE_STATE = 32;

    /**
     * The pipeline's state for a WeChat trade state; empty while no money has moved yet.
     * REFUND ("转入退款": paid, then a refund started) is UNKNOWN on purpose: as a payment
     * notification it would say both "paid" and "money going back", which the order state
     * machine must not guess at; the processor parks it (handled=2) for a person, and the
     * refund itself arrives as a REFUND.* event.
     */
    static Optional<PaymentState> finalState(String tradeState) {
        return switch (tradeState) {
            case "SUCCESS" -> Optional.of(PaymentState.SUCCEEDED);
            case "CLOSED", "REVOKED", "PAYERROR" -> Optional.of(PaymentState.CLOSED);
            // ACCEPT (accepted, deduction pending) is as moneyless as NOTPAY; storing it
            // would take the trade
            // number's unique key and turn the later SUCCESS into a "duplicate"
            case "NOTPAY", "USERPAYING", "ACCEPT" -> Optional.empty();
            default -> Optional.of(PaymentState.UNKNOWN);
        };
    }

    Check<Classified> classify(OpenedNotification opened) {
        ResourceFields resource = opened.resource();
        try {
            String tradeState = resource.text("trade_state", MAX_TRADE_STATE);
            return OrderOwner.of(opened.merchant(), resource)
                .then(owner -> PayingApp.check(opened.merchant(), owner, resource))
                .then(owner -> {
                    OrderKey orderKey = new OrderKey(opened.merchant().tenantOf(owner.merchantId()), owner.merchantId(),
                            OutTradeNo.of(resource.text("out_trade_no", ResourceFields.MAX_ID)));
                    return Check.ok(finalState(tradeState)
                        .<Classified>map(state -> payment(opened, owner, orderKey, state, tradeState))
                        .orElseGet(() -> intermediate(opened, orderKey, tradeState)));
                });
        }
        catch (InvalidField e) {
            return Check.reject(Rejection.MALFORMED, e.getMessage() + " (" + opened.envelope().eventType() + ")");
        }
    }

    private static Classified intermediate(OpenedNotification opened, OrderKey orderKey, String tradeState) {
        Optional<String> transactionId = opened.resource().optionalText("transaction_id", ResourceFields.MAX_ID);
        return new Classified.Intermediate(new EventLogNotice(Channel.WECHATPAY, orderKey.tenantId(),
                orderKey.merchantId(), orderKey.outTradeNo().value(), transactionId.orElse(null),
                opened.envelope().id(), tradeState, opened.body()));
    }

    private static Classified payment(OpenedNotification opened, OrderOwner owner, OrderKey orderKey,
            PaymentState state, String tradeState) {
        ResourceFields resource = opened.resource();
        boolean succeeded = state == PaymentState.SUCCEEDED;
        ChannelTradeNo tradeNo = ChannelTradeNo.of(resource.text("transaction_id", ResourceFields.MAX_ID));
        long total = resource.fen("amount", "total");
        // what the payer paid is booked, so it must be there for SUCCESS; other states
        // book nothing
        long payerTotal = succeeded ? resource.fen("amount", "payer_total")
                : resource.optionalFen("amount", "payer_total").orElse(0L);
        String currency = resource.currency("amount", "currency", DEFAULT_CURRENCY);
        String payerCurrency = resource.currency("amount", "payer_currency", currency);
        Instant paidAt = succeeded ? resource.time("success_time") : null;
        return new Classified.Payment(new VerifiedPayment(Channel.WECHATPAY, orderKey,
                owner.spMerchantId().orElse(null), tradeNo, state, tradeState, Money.of(total, currency),
                Money.of(payerTotal, payerCurrency), paidAt, opened.envelope().id(), opened.body()));
    }

}
