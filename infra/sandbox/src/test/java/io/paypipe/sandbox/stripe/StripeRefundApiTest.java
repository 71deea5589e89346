package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.Charge;
import com.stripe.model.Event;
import com.stripe.model.Refund;
import com.stripe.net.RequestOptions;
import com.stripe.net.Webhook;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.push.NoticeRecorder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's Stripe Refunds API called by the official stripe-java
 * {@code StripeClient} with the account's secret key from the merchants file the sandbox
 * wrote, and its refund events checked with stripe-java's {@code Webhook}.
 */
class StripeRefundApiTest extends RunningSandbox {

    private static final String ACCOUNT = "acct_1PaypipeSbx0000";

    @Autowired
    StripePayments payments;

    @Autowired
    StripeRefundApi api;

    @Test
    void aRefundIsCreatedPendingThenSucceedsWithItsEvents() throws Exception {
        // Given a paid PaymentIntent of 10.00 USD
        PaymentIntentSpec paid = paid(1_000);

        // When 4.00 is refunded with our refund number
        Refund created = client().v1()
            .refunds()
            .create(params(paid, 400, "RF-S1"), RequestOptions.builder().setIdempotencyKey("RF-S1").build());

        // Then Stripe's Refund, pending, carrying our metadata; later succeeded
        assertThat(created.getId()).startsWith("re_");
        assertThat(created.getStatus()).isEqualTo("pending");
        assertThat(created.getAmount()).isEqualTo(400);
        assertThat(created.getCurrency()).isEqualTo("usd");
        assertThat(created.getPaymentIntent()).isEqualTo(paid.paymentIntentId());
        assertThat(created.getMetadata()).containsEntry("refund_no", "RF-S1")
            .containsEntry("out_trade_no", paid.outTradeNo());
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(client().v1().refunds().retrieve(created.getId()).getStatus())
                .isEqualTo("succeeded"));
        // And refund.created, refund.updated and charge.refunded (cumulative) reached the
        // endpoint, signed with its secret
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(events(created.getId())).extracting(Event::getType).contains("refund.created", "refund.updated");
            assertThat(events(paid.chargeId())).filteredOn(e -> e.getType().equals("charge.refunded"))
                .singleElement()
                .satisfies(e -> assertThat(
                        ((Charge) e.getDataObjectDeserializer().deserializeUnsafe()).getAmountRefunded())
                    .isEqualTo(400));
        });
        Refund updated = (Refund) events(created.getId()).stream()
            .filter(e -> e.getType().equals("refund.updated"))
            .findFirst()
            .orElseThrow()
            .getDataObjectDeserializer()
            .getObject()
            .orElseThrow();
        assertThat(updated.getStatus()).isEqualTo("succeeded");
    }

    @Test
    void theSameIdempotencyKeyTwiceReturnsTheSameRefundAndRefundsOnce() throws Exception {
        // Given a paid PaymentIntent
        PaymentIntentSpec paid = paid(2_000);
        RequestOptions key = RequestOptions.builder().setIdempotencyKey("RF-S2").build();

        // When the same refund is sent twice with one key
        Refund first = client().v1().refunds().create(params(paid, 500, "RF-S2"), key);
        Refund second = client().v1().refunds().create(params(paid, 500, "RF-S2"), key);

        // Then one refund, the second answer a replay of the first
        assertThat(second.getId()).isEqualTo(first.getId());
        assertThat(second.getLastResponse().headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(list(paid)).singleElement().satisfies(r -> assertThat(r.getId()).isEqualTo(first.getId()));
        // And the key with other parameters is an idempotency error
        assertThatThrownBy(() -> client().v1().refunds().create(params(paid, 600, "RF-S2"), key))
            .isInstanceOf(IdempotencyException.class);
    }

    @Test
    void aRefundThatFailsForInsufficientFundsSaysSoAndFiresRefundFailed() throws Exception {
        // Given a PaymentIntent whose next refund fails
        PaymentIntentSpec paid = paid(3_000);
        payments.book().nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.PENDING_THEN_FAILED));

        // When it is refunded
        Refund created = client().v1().refunds().create(params(paid, 3_000, "RF-S3"));

        // Then pending, then failed for insufficient funds, announced by refund.failed
        assertThat(created.getStatus()).isEqualTo("pending");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Refund now = client().v1().refunds().retrieve(created.getId());
            assertThat(now.getStatus()).isEqualTo("failed");
            assertThat(now.getFailureReason()).isEqualTo("insufficient_funds");
            assertThat(events(created.getId())).extracting(Event::getType).contains("refund.failed");
        });
        // And the failed refund gives its amount back to the charge
        assertThat(client().v1().refunds().create(params(paid, 3_000, "RF-S3b")).getStatus()).isEqualTo("pending");
    }

    @Test
    void moreThanTheChargeHasLeftIsAmountTooLargeAndNothingLeftIsAlreadyRefunded() throws Exception {
        // Given a PaymentIntent of 10.00 with 7.00 refunded
        PaymentIntentSpec paid = paid(1_000);
        client().v1().refunds().create(params(paid, 700, "RF-S4"));

        // When 4.00 more, then the rest, then anything
        InvalidRequestException tooLarge = catchInvalid(
                () -> client().v1().refunds().create(params(paid, 400, "RF-S5")));
        client().v1().refunds().create(params(paid, 300, "RF-S6"));
        InvalidRequestException nothingLeft = catchInvalid(
                () -> client().v1().refunds().create(params(paid, 1, "RF-S7")));

        // Then Stripe's error codes, and two refunds only
        assertThat(tooLarge.getCode()).isEqualTo("amount_too_large");
        assertThat(tooLarge.getParam()).isEqualTo("amount");
        assertThat(nothingLeft.getCode()).isEqualTo("charge_already_refunded");
        assertThat(list(paid)).hasSize(2);
    }

    @Test
    void aLostAnswerTimesTheCallerOutAndTheSameKeyLaterReturnsTheRefundMade() throws Exception {
        // Given a PaymentIntent whose next refund's answer is lost
        PaymentIntentSpec paid = paid(1_500);
        payments.book().nextRefunds(ACCOUNT, paid.paymentIntentId(), List.of(StripeRefundScenario.ANSWER_LOST));
        RequestOptions key = RequestOptions.builder().setIdempotencyKey("RF-S8").build();

        // When it is refunded by an impatient client
        assertThatThrownBy(() -> client(1_000).v1().refunds().create(params(paid, 1_500, "RF-S8"), key))
            .isInstanceOf(ApiConnectionException.class);

        // Then the refund exists (listed with our refund number) and the key returns it
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(list(paid)).singleElement()
                .satisfies(r -> assertThat(r.getMetadata()).containsEntry("refund_no", "RF-S8")));
        Refund again = client().v1().refunds().create(params(paid, 1_500, "RF-S8"), key);
        assertThat(again.getId()).isEqualTo(list(paid).getFirst().getId());
        assertThat(list(paid)).hasSize(1);
    }

    @Test
    void listingPagesThroughAPaymentIntentsRefundsNewestFirst() throws Exception {
        // Given three refunds of one PaymentIntent
        PaymentIntentSpec paid = paid(900);
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            ids.add(client().v1().refunds().create(params(paid, 100, "RF-P" + i)).getId());
        }

        // When listed one per page
        List<String> listed = new ArrayList<>();
        String after = null;
        boolean more = true;
        while (more) {
            RefundListParams.Builder page = RefundListParams.builder()
                .setPaymentIntent(paid.paymentIntentId())
                .setLimit(1L);
            if (after != null) {
                page.setStartingAfter(after);
            }
            var collection = client().v1().refunds().list(page.build());
            collection.getData().forEach(r -> listed.add(r.getId()));
            more = collection.getHasMore();
            after = listed.getLast();
        }

        // Then every refund once, newest first
        assertThat(listed).containsExactly(ids.get(2), ids.get(1), ids.get(0));
    }

    @Test
    void aDashboardRefundCarriesNoMetadataAndIsAnnouncedLikeAnyOther() throws Exception {
        // Given a paid PaymentIntent
        PaymentIntentSpec paid = paid(2_500);

        // When the merchant refunds 5.00 in the Dashboard
        StripeRefund refund = api.dashboardRefund(ACCOUNT, paid.paymentIntentId(), 500);

        // Then the API shows it without metadata, and its events went out
        Refund listed = client().v1().refunds().retrieve(refund.id());
        assertThat(listed.getMetadata()).isEmpty();
        assertThat(listed.getStatus()).isEqualTo("succeeded");
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(events(refund.id())).extracting(Event::getType).contains("refund.created"));
    }

    @Test
    void anotherAccountsKeyOrPaymentIntentIsRefused() throws Exception {
        // Given a PaymentIntent of account 0000
        PaymentIntentSpec paid = paid(1_000);
        StripeClient stranger = StripeClient.builder()
            .setApiKey("sk_test_" + UUID.randomUUID().toString().replace("-", ""))
            .setApiBase(apiBase())
            .build();
        StripeClient otherAccount = StripeClient.builder()
            .setApiKey(merchantEntry("acct_1PaypipeSbx0001").stripe().secretKey())
            .setApiBase(apiBase())
            .build();

        // When an unknown key, or the other account's key, refunds it
        assertThatThrownBy(() -> stranger.v1().refunds().create(params(paid, 100, "RF-S9")))
            .isInstanceOf(AuthenticationException.class);
        InvalidRequestException missing = catchInvalid(
                () -> otherAccount.v1().refunds().create(params(paid, 100, "RF-S9")));

        // Then nobody refunded it
        assertThat(missing.getCode()).isEqualTo("resource_missing");
        assertThat(missing.getParam()).isEqualTo("payment_intent");
        assertThat(missing.getStatusCode()).isEqualTo(404);
        assertThat(list(paid)).isEmpty();
        assertThat(catchInvalid(() -> client().v1().refunds().retrieve("re_unknown")).getStatusCode()).isEqualTo(404);
    }

    private PaymentIntentSpec paid(long amount) {
        return payments.pay(ACCOUNT, "ORDER-" + UUID.randomUUID(), amount, "usd", 1).spec();
    }

    private StripeClient client() {
        return client(10_000);
    }

    private StripeClient client(int readTimeoutMillis) {
        return StripeClient.builder()
            .setApiKey(entry().stripe().secretKey())
            .setApiBase(apiBase())
            .setReadTimeout(readTimeoutMillis)
            .setMaxNetworkRetries(0)
            .build();
    }

    private String apiBase() {
        return baseUrl() + "/sandbox/stripe";
    }

    private static Merchant entry() {
        return merchantEntry(ACCOUNT);
    }

    private static RefundCreateParams params(PaymentIntentSpec paid, long amount, String refundNo) {
        return RefundCreateParams.builder()
            .setPaymentIntent(paid.paymentIntentId())
            .setAmount(amount)
            .putMetadata("refund_no", refundNo)
            .putMetadata("out_trade_no", paid.outTradeNo())
            .build();
    }

    private List<Refund> list(PaymentIntentSpec paid) throws Exception {
        return client().v1()
            .refunds()
            .list(RefundListParams.builder().setPaymentIntent(paid.paymentIntentId()).setLimit(100L).build())
            .getData();
    }

    /** The verified events pushed to the webhook endpoint whose body names {@code id}. */
    private static List<Event> events(String id) {
        String secret = entry().stripe().endpointSecret();
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

    private interface StripeCall {

        Object call() throws Exception;

    }

    private static InvalidRequestException catchInvalid(StripeCall call) {
        try {
            call.call();
        }
        catch (InvalidRequestException e) {
            return e;
        }
        catch (Exception e) {
            throw new AssertionError("expected an InvalidRequestException", e);
        }
        throw new AssertionError("expected an InvalidRequestException, the call succeeded");
    }

}
