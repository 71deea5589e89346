package io.paypipe.refund.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.support.ChannelSandbox;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.StripeRefund;
import io.paypipe.sandbox.stripe.StripeRefundScenario;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link StripeRefunds} against the sandbox's Refunds API, through the official
 * stripe-java, with the secret key of the merchants file the sandbox wrote.
 */
class StripeRefundsIntegrationTest {

    private static final String ACCOUNT = "acct_1PaypipeSbx0000";

    private static final ChannelSandbox SANDBOX = ChannelSandbox.get();

    private final StripeRefunds refunds = new StripeRefunds(SANDBOX.stripeApiBase(), Duration.ofSeconds(3),
            Duration.ofSeconds(2), 0, Clock.systemUTC());

    @Test
    void aPendingRefundIsAcceptedThenTheQuerySaysSucceeded() {
        // Given a paid PaymentIntent of 12.00 USD
        PaymentIntentSpec paid = paid(1_200);
        RefundOrder order = order(paid, 500);

        // When 5.00 is refunded
        RefundCall call = refunds.refund(order);

        // Then Accepted under Stripe's refund id, carrying our numbers; later Succeeded
        assertThat(call).isInstanceOfSatisfying(RefundCall.Accepted.class,
                a -> assertThat(a.channelRefundId()).startsWith("re_"));
        String id = ((RefundCall.Accepted) call).channelRefundId();
        assertThat(refundsAtStripe(paid)).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo(id);
            assertThat(r.amount()).isEqualTo(500);
            assertThat(r.metadata()).containsEntry("refund_no", order.refundNo())
                .containsEntry("out_trade_no", paid.outTradeNo());
        });
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(withRefundId(order, id))).isInstanceOfSatisfying(
                    RefundCall.Succeeded.class, s -> assertThat(s.channelRefundId()).isEqualTo(id)));
    }

    @Test
    void aRefundThatFailsForInsufficientFundsIsRefusedByTheQuery() {
        // Given a PaymentIntent whose refund will fail
        PaymentIntentSpec paid = paid(2_000);
        SANDBOX.stripe()
            .book()
            .nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.PENDING_THEN_FAILED));
        RefundOrder order = order(paid, 2_000);

        // When refunded, then queried
        RefundCall call = refunds.refund(order);

        // Then Accepted, then Refused with Stripe's failure reason
        assertThat(call).isInstanceOf(RefundCall.Accepted.class);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOfSatisfying(RefundCall.Refused.class,
                    r -> assertThat(r.code()).isEqualTo("insufficient_funds")));
    }

    @Test
    void moreThanTheChargeHasLeftIsRefused() {
        PaymentIntentSpec paid = paid(1_000);

        RefundCall call = refunds.refund(order(paid, 1_001));

        assertThat(call).isInstanceOfSatisfying(RefundCall.Refused.class,
                r -> assertThat(r.code()).isEqualTo("amount_too_large"));
        assertThat(refundsAtStripe(paid)).isEmpty();
    }

    @Test
    void aTimedOutAnswerIsUnknownAndTheQueryFindsTheRefundByItsNumber() {
        // Given a PaymentIntent whose next refund's answer is lost
        PaymentIntentSpec paid = paid(3_000);
        SANDBOX.stripe().book().nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.ANSWER_LOST));
        RefundOrder order = order(paid, 3_000);

        // When refunded: the answer times out
        RefundCall call = refunds.refund(order);

        // Then Unknown; the query (no refund id known) finds it by metadata.refund_no and
        // later Succeeded; sending it again is still one refund
        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(refunds.query(order)).isInstanceOf(RefundCall.Succeeded.class));
        assertThat(refunds.refund(order)).isInstanceOf(RefundCall.Succeeded.class);
        assertThat(refundsAtStripe(paid)).hasSize(1);
    }

    @Test
    void theSameRefundNumberTwiceEvenConcurrentlyIsOneRefund() {
        // Given a paid PaymentIntent
        PaymentIntentSpec paid = paid(4_000);
        RefundOrder order = order(paid, 1_000);

        // When the same refund is sent twice at once, and once more
        CompletableFuture<RefundCall> a = CompletableFuture.supplyAsync(() -> refunds.refund(order));
        CompletableFuture<RefundCall> b = CompletableFuture.supplyAsync(() -> refunds.refund(order));
        List<RefundCall> calls = List.of(a.join(), b.join(), refunds.refund(order));

        // Then one refund at Stripe, which every answer names
        assertThat(refundsAtStripe(paid)).singleElement()
            .satisfies(
                    r -> assertThat(calls).allSatisfy(c -> assertThat(c).isEqualTo(new RefundCall.Accepted(r.id()))));
    }

    @Test
    void aRefundSentAgainAfterItsIdempotencyKeyExpiredIsStillOneRefund() {
        // Given a refund made, and its idempotency key pruned since (the sandbox keeps
        // keys
        // for a few seconds, Stripe for a day)
        PaymentIntentSpec paid = paid(2_000);
        RefundOrder order = order(paid, 800);
        RefundCall first = refunds.refund(order);
        await().pollDelay(ChannelSandbox.STRIPE_KEY_TTL.plusMillis(500)).until(() -> true);

        // When it is sent again with the same refund number
        RefundCall again = refunds.refund(order);

        // Then the client found it by metadata.refund_no instead of creating a second one
        assertThat(refundsAtStripe(paid)).singleElement().satisfies(r -> {
            assertThat(refundId(first)).isEqualTo(r.id());
            assertThat(refundId(again)).isEqualTo(r.id());
        });
    }

    @Test
    void aRefundThatNeverArrivedIsNotFoundAndTheSameNumberThenRefundsOnce() {
        // Given Stripe's front door refusing the next refund with a 503
        PaymentIntentSpec paid = paid(1_500);
        SANDBOX.stripe().book().nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.UNAVAILABLE));
        RefundOrder order = order(paid, 1_500);

        // When refunded, queried, and sent again
        RefundCall call = refunds.refund(order);
        RefundCall queried = refunds.query(order);
        RefundCall again = refunds.refund(order);

        // Then Unknown, NotFound, and one refund
        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        assertThat(queried).isInstanceOf(RefundCall.NotFound.class);
        assertThat(again).isInstanceOf(RefundCall.Accepted.class);
        assertThat(refundsAtStripe(paid)).hasSize(1);
        assertThat(refunds.query(withRefundId(order, "re_NeverMadeAnywhere00000000")))
            .isInstanceOf(RefundCall.NotFound.class);
    }

    @Test
    void anUnknownSecretKeyIsUnknownNeverRefused() {
        PaymentIntentSpec paid = paid(700);
        Merchant real = SANDBOX.merchant(ACCOUNT);
        Merchant wrongKey = new Merchant(real.tenant(), real.channel(), real.merchantId(), real.subMerchantIds(), null,
                null, new Merchant.StripeCredentials(ACCOUNT, real.stripe().endpointSecret(), "sk_test_revoked"));

        RefundCall call = refunds.refund(withMerchant(order(paid, 700), wrongKey));

        assertThat(call).isInstanceOf(RefundCall.Unknown.class);
        assertThat(refundsAtStripe(paid)).isEmpty();
    }

    /** The channel's refund id of an answer that names one (Accepted or Succeeded). */
    private static String refundId(RefundCall call) {
        return switch (call) {
            case RefundCall.Accepted a -> a.channelRefundId();
            case RefundCall.Succeeded s -> s.channelRefundId();
            default -> throw new AssertionError("no refund named: " + call);
        };
    }

    private static PaymentIntentSpec paid(long amount) {
        return SANDBOX.stripe().pay(ACCOUNT, "ORDER-" + UUID.randomUUID(), amount, "usd", 1).spec();
    }

    private static RefundOrder order(PaymentIntentSpec paid, long amount) {
        Merchant merchant = SANDBOX.merchant(ACCOUNT);
        OrderKey key = new OrderKey(TenantId.of(merchant.tenant()), MerchantId.of(ACCOUNT),
                OutTradeNo.of(paid.outTradeNo()));
        return new RefundOrder(merchant, key, ChannelTradeNo.of(paid.paymentIntentId()), "RF-" + UUID.randomUUID(),
                Money.of(amount, "USD"), Money.of(paid.amount(), "USD"), "requested by the customer", null);
    }

    private static RefundOrder withRefundId(RefundOrder o, String channelRefundId) {
        return new RefundOrder(o.merchant(), o.orderKey(), o.channelTradeNo(), o.refundNo(), o.amount(), o.tradeTotal(),
                o.reason(), channelRefundId);
    }

    private static RefundOrder withMerchant(RefundOrder o, Merchant merchant) {
        return new RefundOrder(merchant, o.orderKey(), o.channelTradeNo(), o.refundNo(), o.amount(), o.tradeTotal(),
                o.reason(), o.channelRefundId());
    }

    private static List<StripeRefund> refundsAtStripe(PaymentIntentSpec paid) {
        return SANDBOX.stripe().book().get(ACCOUNT, paid.paymentIntentId()).refunds();
    }

}
