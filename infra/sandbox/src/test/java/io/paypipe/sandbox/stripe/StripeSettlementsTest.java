package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.stripe.StripeClient;
import com.stripe.model.Event;
import com.stripe.model.Refund;
import com.stripe.net.Webhook;
import com.stripe.param.RefundCreateParams;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.push.NoticeRecorder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What the sandbox's Stripe records in the {@link SettlementBook} its reports are built
 * from: every PaymentIntent that succeeds and every refund that succeeds, once, at the
 * {@code created} of the event that says so; nothing for a refund that fails.
 */
class StripeSettlementsTest extends RunningSandbox {

    private static final String ACCOUNT = "acct_1PaypipeSbx0000";

    @Autowired
    StripePayments payments;

    @Autowired
    StripeRefundApi refunds;

    @Autowired
    SettlementBook book;

    @Test
    void givenAPaymentThatSucceedsThenOneSettlementAtItsEventsCreatedWithStripesFee() {
        // Given
        String no = "ORDER-ST1-" + UUID.randomUUID();

        // When it is paid, and its success event pushed once more
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 10_010, "usd", 1).spec();
        payments.push(paid, PaymentIntentEvent.SUCCEEDED, 1);

        // Then one payment of the PaymentIntent, fee 2.9 % + 30, at the first event's
        // time
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(events(paid.paymentIntentId())).hasSize(2));
        long firstCreated = events(paid.paymentIntentId()).stream().mapToLong(Event::getCreated).min().orElseThrow();
        assertThat(settlementsOf(paid.paymentIntentId())).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(Settlement.Kind.PAYMENT);
            assertThat(s.merchantId()).isEqualTo(ACCOUNT);
            assertThat(s.outTradeNo()).hasValue(no);
            assertThat(s.amountMinor()).isEqualTo(10_010);
            assertThat(s.feeMinor()).isEqualTo(320);
            assertThat(s.currency()).isEqualTo("USD");
            assertThat(s.at()).isEqualTo(Instant.ofEpochSecond(firstCreated));
        });
    }

    @Test
    void givenAPendingRefundThatSucceedsThenARefundSettlementWithOurRefundNumberAtTheUpdateEvent() throws Exception {
        // Given a paid PaymentIntent
        PaymentIntentSpec paid = payments.pay(ACCOUNT, "ORDER-ST2-" + UUID.randomUUID(), 5_000, "usd", 1).spec();

        // When 12.00 is refunded through the API (pending, then succeeded)
        Refund refund = client().v1()
            .refunds()
            .create(RefundCreateParams.builder()
                .setPaymentIntent(paid.paymentIntentId())
                .setAmount(1_200L)
                .putMetadata("refund_no", "RF-ST2")
                .build());

        // Then once succeeded: a refund of the PaymentIntent with our number and
        // Stripe's refund id, no fee, at the refund.updated event's created
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(settlementsOf(paid.paymentIntentId())).hasSize(2));
        Settlement refunded = settlementsOf(paid.paymentIntentId()).getLast();
        assertThat(refunded.kind()).isEqualTo(Settlement.Kind.REFUND);
        assertThat(refunded.refundNo()).hasValue("RF-ST2");
        assertThat(refunded.channelRefundId()).hasValue(refund.getId());
        assertThat(refunded.outTradeNo()).hasValue(paid.outTradeNo());
        assertThat(refunded.amountMinor()).isEqualTo(1_200);
        assertThat(refunded.feeMinor()).isZero();
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(events(refund.getId())).filteredOn(e -> e.getType().equals("refund.updated"))
                        .singleElement()
                        .satisfies(e -> assertThat(refunded.at()).isEqualTo(Instant.ofEpochSecond(e.getCreated()))));
    }

    @Test
    void givenADashboardRefundThenARefundSettlementWithoutRefundNumber() {
        PaymentIntentSpec paid = payments.pay(ACCOUNT, "ORDER-ST3-" + UUID.randomUUID(), 3_000, "usd", 1).spec();

        StripeRefund refund = refunds.dashboardRefund(ACCOUNT, paid.paymentIntentId(), 700);

        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(events(refund.id())).filteredOn(e -> e.getType().equals("refund.created"))
                .singleElement()
                .satisfies(created -> assertThat(settlementsOf(paid.paymentIntentId()))
                    .filteredOn(s -> s.kind() == Settlement.Kind.REFUND)
                    .singleElement()
                    .satisfies(s -> {
                        assertThat(s.refundNo()).isEmpty();
                        assertThat(s.channelRefundId()).hasValue(refund.id());
                        assertThat(s.at()).isEqualTo(Instant.ofEpochSecond(created.getCreated()));
                    })));
    }

    @Test
    void givenARefundThatFailsThenNoRefundSettlement() throws Exception {
        // Given a PaymentIntent whose next refund fails
        PaymentIntentSpec paid = payments.pay(ACCOUNT, "ORDER-ST4-" + UUID.randomUUID(), 3_000, "usd", 1).spec();
        payments.book().nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.PENDING_THEN_FAILED));

        // When it is refunded and the refund fails
        Refund refund = client().v1()
            .refunds()
            .create(RefundCreateParams.builder().setPaymentIntent(paid.paymentIntentId()).setAmount(3_000L).build());
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(client().v1().refunds().retrieve(refund.getId()).getStatus()).isEqualTo("failed"));

        // Then only the payment is a settlement
        assertThat(settlementsOf(paid.paymentIntentId())).extracting(Settlement::kind)
            .containsExactly(Settlement.Kind.PAYMENT);
    }

    private List<Settlement> settlementsOf(String paymentIntent) {
        return book.of(Channel.STRIPE, ACCOUNT, Instant.EPOCH, Instant.now().plusSeconds(3600))
            .stream()
            .filter(s -> s.channelTradeNo().equals(paymentIntent))
            .toList();
    }

    private StripeClient client() {
        return StripeClient.builder()
            .setApiKey(merchantEntry(ACCOUNT).stripe().secretKey())
            .setApiBase(baseUrl() + "/sandbox/stripe")
            .setMaxNetworkRetries(0)
            .build();
    }

    /** The verified events pushed to the webhook endpoint whose body names {@code id}. */
    private static List<Event> events(String id) {
        String secret = merchantEntry(ACCOUNT).stripe().endpointSecret();
        List<Event> events = new ArrayList<>();
        for (NoticeRecorder.Notice n : notices("/notify/stripe", "\"" + id + "\"")) {
            try {
                events.add(Webhook.constructEvent(n.body(), n.headers().get("Stripe-Signature"), secret));
            }
            catch (Exception e) {
                throw new AssertionError("the sandbox sent an event stripe-java does not accept", e);
            }
        }
        return events;
    }

}
