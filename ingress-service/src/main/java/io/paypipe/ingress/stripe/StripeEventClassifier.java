package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFields.amount;
import static io.paypipe.ingress.stripe.StripeFields.currency;
import static io.paypipe.ingress.stripe.StripeFields.metadata;
import static io.paypipe.ingress.stripe.StripeFields.optionalText;
import static io.paypipe.ingress.stripe.StripeFields.requireObject;
import static io.paypipe.ingress.stripe.StripeFields.text;

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
import tools.jackson.databind.JsonNode;

/**
 * Classifies a verified Stripe event; the README's table is the reference.
 * <ul>
 * <li>{@code payment_intent.succeeded} → SUCCEEDED, {@code payment_intent.canceled} →
 * CLOSED (PaymentIntent id = channel trade number, {@code amount} = order amount,
 * {@code amount_received} = paid amount).</li>
 * <li>{@code payment_intent.payment_failed} is NOT a close: the PaymentIntent goes back
 * to {@code requires_payment_method} and the customer may retry, and succeed, on the same
 * {@code pi_} id. Stored in {@code pay_notify_raw} it would take the unique key of that
 * id, the later {@code payment_intent.succeeded} would be acknowledged as a duplicate of
 * the settled failure, and the payment would be lost. So it is intermediate like every
 * in-between state ({@code processing}, {@code requires_action}, {@code created}, ...):
 * the event log only.</li>
 * <li>{@code refund.created} / {@code refund.updated} / {@code refund.failed}: by the
 * refund's {@code status}: {@code succeeded} → SUCCEEDED, {@code failed} /
 * {@code canceled} → CLOSED, {@code pending} / {@code requires_action} → intermediate,
 * anything else → UNKNOWN; stored whether or not it names our order or refund number (a
 * refund made in the Dashboard names neither), see {@link #refund}.</li>
 * <li>{@code charge.refunded} is ignored (event log): it is the Charge, with the
 * cumulative {@code amount_refunded} of all its refunds and no refund id, and every
 * refund, a Dashboard one too, also fires its own {@code refund.*} events with its id and
 * its own amount; storing both would count a refund twice. Any other type: ignored.</li>
 * <li>A PaymentIntent without {@code metadata.out_trade_no} was not made through the
 * pipeline: ignored, not ours.</li>
 * </ul>
 * Intermediate and ignored events both go to the event log only and are acknowledged; an
 * ignored one's reason is logged too.
 */
@Component
class StripeEventClassifier {

    private static final int MAX_STATE = 32;

    Check<Classified> classify(VerifiedEvent event) {
        try {
            if (event.type().startsWith("payment_intent.")) {
                return Check.ok(paymentIntent(event));
            }
            if (event.type().startsWith("refund.")) {
                return Check.ok(refund(event));
            }
            if (event.type().equals("charge.refunded")) {
                JsonNode charge = event.object();
                requireObject(charge, "charge");
                return Check.ok(ignored(event, metadata(charge, "out_trade_no"), optionalText(charge, "payment_intent"),
                        "charge.refunded carries the charge's cumulative amount_refunded, no refund; "
                                + "each refund's own refund.* events carry it"));
            }
            return Check.ok(ignored(event, Optional.empty(), Optional.empty(), "event type not acted on"));
        }
        catch (InvalidField e) {
            return Check.reject(Rejection.MALFORMED, e.getMessage() + " (" + event.type() + ")");
        }
        catch (IllegalArgumentException e) {
            // from the id and money types: they name the field, never its value
            return Check.reject(Rejection.MALFORMED, e.getMessage());
        }
    }

    private static Classified paymentIntent(VerifiedEvent event) {
        JsonNode pi = event.object();
        requireObject(pi, "payment_intent");
        String paymentIntentId = text(pi, "id");
        Optional<String> outTradeNo = metadata(pi, "out_trade_no");
        Optional<PaymentState> state = switch (event.type()) {
            case "payment_intent.succeeded" -> Optional.of(PaymentState.SUCCEEDED);
            case "payment_intent.canceled" -> Optional.of(PaymentState.CLOSED);
            // payment_failed included: the PaymentIntent is still open, see the class
            // comment
            default -> Optional.empty();
        };
        if (state.isEmpty()) {
            return new Classified.Intermediate(notice(event, outTradeNo, Optional.of(paymentIntentId)));
        }
        if (outTradeNo.isEmpty()) {
            return ignored(event, outTradeNo, Optional.of(paymentIntentId), "no metadata.out_trade_no: not our order");
        }
        String currency = currency(pi);
        Money orderAmount = Money.of(amount(pi, "amount"), currency);
        Money paidAmount = Money.of(amount(pi, "amount_received"), currency);
        Instant paidAt = state.get() == PaymentState.SUCCEEDED ? Instant.ofEpochSecond(event.created()) : null;
        return new Classified.Payment(new VerifiedPayment(Channel.STRIPE, orderKey(event, outTradeNo.get()), null,
                ChannelTradeNo.of(paymentIntentId), state.get(), event.type(), orderAmount, paidAmount, paidAt,
                event.id(), event.body()));
    }

    /**
     * Every refund of the account is stored, whether or not it names our order and our
     * refund number ({@code metadata.out_trade_no}, {@code metadata.refund_no}): a refund
     * made in the Dashboard names neither, and must still reach the refund service, which
     * matches it to its payment by the PaymentIntent. A refund that names no refund
     * number is known by its id ({@code channel:re_…}, refund number null); one that
     * names no order is stored without one (keyed by its PaymentIntent on the topic). Its
     * {@code amount} is THIS refund's; a Refund says nothing of the charge's total. A
     * refund without a PaymentIntent is not a payment the pipeline took: ignored, unless
     * it names our order or refund number (then malformed).
     */
    private static Classified refund(VerifiedEvent event) {
        JsonNode re = event.object();
        requireObject(re, "refund");
        String refundId = text(re, "id");
        Optional<String> refundNo = metadata(re, "refund_no");
        Optional<String> outTradeNo = metadata(re, "out_trade_no");
        Optional<String> paymentIntentId = optionalText(re, "payment_intent");
        String status = text(re, "status");
        if (status.length() > MAX_STATE) {
            throw new InvalidField("status longer than " + MAX_STATE);
        }
        Optional<RefundState> state = switch (status) {
            case "succeeded" -> Optional.of(RefundState.SUCCEEDED);
            case "failed", "canceled" -> Optional.of(RefundState.CLOSED);
            case "pending", "requires_action" -> Optional.empty();
            default -> Optional.of(RefundState.UNKNOWN);
        };
        if (state.isEmpty()) {
            return new Classified.Intermediate(notice(event, outTradeNo, paymentIntentId));
        }
        if (paymentIntentId.isEmpty()) {
            if (outTradeNo.isPresent() || refundNo.isPresent()) {
                throw new InvalidField("payment_intent missing");
            }
            return ignored(event, outTradeNo, paymentIntentId, "no payment_intent: not a payment the pipeline took");
        }
        Money amount = Money.of(amount(re, "amount"), currency(re));
        Instant succeededAt = state.get() == RefundState.SUCCEEDED ? Instant.ofEpochSecond(event.created()) : null;
        StripeMerchant merchant = event.merchant();
        RefundKey key = refundNo.map(RefundKey::refundNo).orElseGet(() -> RefundKey.channelRefund(refundId));
        return new Classified.Refund(new VerifiedRefund(Channel.STRIPE, merchant.tenant(),
                MerchantId.of(merchant.account()), null, outTradeNo.map(OutTradeNo::of).orElse(null), key,
                refundNo.orElse(null), refundId, ChannelTradeNo.of(paymentIntentId.get()), state.get(), status,
                RefundAmounts.ofThisRefund(amount), succeededAt, event.id(), event.body()));
    }

    private static OrderKey orderKey(VerifiedEvent event, String outTradeNo) {
        StripeMerchant merchant = event.merchant();
        return new OrderKey(merchant.tenant(), MerchantId.of(merchant.account()), OutTradeNo.of(outTradeNo));
    }

    private static Classified ignored(VerifiedEvent event, Optional<String> outTradeNo, Optional<String> tradeNo,
            String why) {
        return new Classified.Ignored(notice(event, outTradeNo, tradeNo), why);
    }

    private static EventLogNotice notice(VerifiedEvent event, Optional<String> outTradeNo, Optional<String> tradeNo) {
        StripeMerchant merchant = event.merchant();
        return new EventLogNotice(Channel.STRIPE, merchant.tenant(), MerchantId.of(merchant.account()),
                outTradeNo.orElse(null), tradeNo.orElse(null), event.id(), StripeFields.state(event.type()),
                event.body());
    }

}
