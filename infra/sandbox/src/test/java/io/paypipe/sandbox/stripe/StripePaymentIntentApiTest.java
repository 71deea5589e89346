package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.stripe.StripeClient;
import com.stripe.exception.ApiException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.RateLimitException;
import com.stripe.model.PaymentIntent;
import com.stripe.param.PaymentIntentCancelParams;
import com.stripe.param.PaymentIntentSearchParams;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's Stripe PaymentIntents API (retrieve, search by metadata, cancel) called
 * by the official stripe-java {@code StripeClient} with each account's secret key from
 * the merchants file, and the scenarios armed in-JVM.
 */
class StripePaymentIntentApiTest extends RunningSandbox {

    private static final String ACCOUNT = "acct_1PaypipeSbx0000";

    private static final String OTHER_ACCOUNT = "acct_1PaypipeSbx0001";

    @Autowired
    StripePayments payments;

    @Autowired
    CallbackScenarios callbacks;

    @Autowired
    CloseScenarios closes;

    @Autowired
    QueryFaults faults;

    @Autowired
    ChannelCalls calls;

    @Test
    void anOrdersPaymentIntentIsFoundByItsMetadataAndSucceedsWhenPaid() throws Exception {
        // Given an order the order system created (its PaymentIntent at Stripe)
        String no = "ORDER-S1-" + UUID.randomUUID();
        payments.createOrder(ACCOUNT, no, 1_999, "usd");

        // When it is searched, paid, and retrieved
        List<PaymentIntent> open = search(ACCOUNT, no);
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 1_999, "usd", 1).spec();
        PaymentIntent succeeded = client(ACCOUNT).v1().paymentIntents().retrieve(paid.paymentIntentId());

        // Then the search found it waiting for a payment method, and the payment
        // succeeded on that very PaymentIntent
        assertThat(open).singleElement().satisfies(pi -> {
            assertThat(pi.getStatus()).isEqualTo("requires_payment_method");
            assertThat(pi.getMetadata()).containsEntry("out_trade_no", no);
            assertThat(pi.getAmount()).isEqualTo(1_999);
        });
        assertThat(paid.paymentIntentId()).isEqualTo(open.getFirst().getId());
        assertThat(succeeded.getStatus()).isEqualTo("succeeded");
        assertThat(succeeded.getAmountReceived()).isEqualTo(1_999);
        assertThat(succeeded.getLatestCharge()).isEqualTo(paid.chargeId());
        assertThat(search(ACCOUNT, no)).extracting(PaymentIntent::getStatus).containsExactly("succeeded");
    }

    @Test
    void anotherAccountsPaymentIntentIsMissingLikeAnUnknownOneAndNotInItsSearch() throws Exception {
        // Given a PaymentIntent paid at one account
        String no = "ORDER-S2-" + UUID.randomUUID();
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 500, "usd", 1).spec();

        // When the other account retrieves and searches it, and retrieves an unknown id
        InvalidRequestException wrong = catchThrowableOfType(InvalidRequestException.class,
                () -> client(OTHER_ACCOUNT).v1().paymentIntents().retrieve(paid.paymentIntentId()));
        InvalidRequestException unknown = catchThrowableOfType(InvalidRequestException.class,
                () -> client(OTHER_ACCOUNT).v1().paymentIntents().retrieve("pi_unknown" + UUID.randomUUID()));

        // Then both are 404 resource_missing, and the search finds nothing
        assertThat(wrong.getStatusCode()).isEqualTo(404);
        assertThat(wrong.getCode()).isEqualTo("resource_missing");
        assertThat(unknown.getCode()).isEqualTo("resource_missing");
        assertThat(search(OTHER_ACCOUNT, no)).isEmpty();
    }

    @Test
    void cancelingAnOpenPaymentIntentClosesTheOrderAndItsLaterPaymentFails() throws Exception {
        String no = "ORDER-S3-" + UUID.randomUUID();
        payments.createOrder(ACCOUNT, no, 1_000, "usd");
        String id = search(ACCOUNT, no).getFirst().getId();

        PaymentIntent canceled = client(ACCOUNT).v1()
            .paymentIntents()
            .cancel(id,
                    PaymentIntentCancelParams.builder()
                        .setCancellationReason(PaymentIntentCancelParams.CancellationReason.ABANDONED)
                        .build());

        assertThat(canceled.getStatus()).isEqualTo("canceled");
        assertThat(canceled.getCancellationReason()).isEqualTo("abandoned");
        assertThat(canceled.getCanceledAt()).isNotNull();
        assertThatThrownBy(() -> payments.pay(ACCOUNT, no, 1_000, "usd", 1)).isInstanceOf(OrderClosedException.class);
    }

    @Test
    void cancelingASucceededPaymentIntentIsUnexpectedState() throws Exception {
        String no = "ORDER-S4-" + UUID.randomUUID();
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 1_100, "usd", 1).spec();

        InvalidRequestException refused = catchThrowableOfType(InvalidRequestException.class,
                () -> client(ACCOUNT).v1().paymentIntents().cancel(paid.paymentIntentId()));

        assertThat(refused.getStatusCode()).isEqualTo(400);
        assertThat(refused.getCode()).isEqualTo("payment_intent_unexpected_state");
        assertThat(refused.getStripeError().getPaymentIntent().getStatus()).isEqualTo("succeeded");
    }

    @Test
    void aPaymentIntentPaidJustBeforeItsCancelIsUnexpectedStateAndItsEventArrives() throws Exception {
        String no = "ORDER-S5-" + UUID.randomUUID();
        payments.createOrder(ACCOUNT, no, 1_200, "usd");
        String id = search(ACCOUNT, no).getFirst().getId();
        closes.choose(OrderRef.of(Channel.STRIPE, ACCOUNT, no), CloseScenario.PAID_DURING_CLOSE);

        InvalidRequestException refused = catchThrowableOfType(InvalidRequestException.class,
                () -> client(ACCOUNT).v1().paymentIntents().cancel(id));

        assertThat(refused.getCode()).isEqualTo("payment_intent_unexpected_state");
        assertThat(client(ACCOUNT).v1().paymentIntents().retrieve(id).getStatus()).isEqualTo("succeeded");
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(notices("/notify/stripe", "payment_intent.succeeded"))
                .anyMatch(n -> n.body().contains(id)));
    }

    @Test
    void heldEventsArriveOnlyAfterASearchFoundThePayment() throws Exception {
        String no = "ORDER-S6-" + UUID.randomUUID();
        callbacks.choose(OrderRef.of(Channel.STRIPE, ACCOUNT, no), CallbackScenario.HOLD_UNTIL_QUERIED);
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 1_300, "usd", 1).spec();
        await().during(Duration.ofMillis(500))
            .atMost(Duration.ofSeconds(3))
            .until(() -> notices("/notify/stripe", paid.paymentIntentId()).isEmpty());

        assertThat(search(ACCOUNT, no)).extracting(PaymentIntent::getStatus).containsExactly("succeeded");

        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(notices("/notify/stripe", paid.paymentIntentId())).hasSize(1));
    }

    @Test
    void theApiRateLimitsThenFailsThenAnswersAndRecordsEveryCall() throws Exception {
        String no = "ORDER-S7-" + UUID.randomUUID();
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 1_400, "usd", 1).spec();
        faults.failNext(Channel.STRIPE, QueryFault.RATE_LIMITED, 1, java.util.Set.of(ChannelCall.Operation.QUERY),
                ACCOUNT);
        faults.failNext(Channel.STRIPE, QueryFault.SERVER_ERROR, 1, java.util.Set.of(ChannelCall.Operation.QUERY),
                ACCOUNT);

        RateLimitException limited = catchThrowableOfType(RateLimitException.class,
                () -> client(ACCOUNT).v1().paymentIntents().retrieve(paid.paymentIntentId()));
        ApiException failed = catchThrowableOfType(ApiException.class,
                () -> client(ACCOUNT).v1().paymentIntents().retrieve(paid.paymentIntentId()));
        PaymentIntent answered = client(ACCOUNT).v1().paymentIntents().retrieve(paid.paymentIntentId());

        assertThat(limited.getStatusCode()).isEqualTo(429);
        assertThat(limited.getCode()).isEqualTo("rate_limit");
        assertThat(failed.getStatusCode()).isEqualTo(500);
        assertThat(answered.getStatus()).isEqualTo("succeeded");
        assertThat(calls.of(OrderRef.of(Channel.STRIPE, ACCOUNT, no), ChannelCall.Operation.QUERY))
            .extracting(ChannelCall::httpStatus, ChannelCall::answer)
            .containsExactly(org.assertj.core.groups.Tuple.tuple(429, "RATE_LIMITED"),
                    org.assertj.core.groups.Tuple.tuple(500, "SERVER_ERROR"),
                    org.assertj.core.groups.Tuple.tuple(200, "succeeded"));
    }

    @Test
    void aQueryThatHangsTimesTheCallerOut() {
        String no = "ORDER-S8-" + UUID.randomUUID();
        PaymentIntentSpec paid = payments.pay(ACCOUNT, no, 1_500, "usd", 1).spec();
        faults.failNext(Channel.STRIPE, QueryFault.TIMEOUT, 1, java.util.Set.of(ChannelCall.Operation.QUERY), ACCOUNT);

        assertThatThrownBy(() -> client(ACCOUNT, 800).v1().paymentIntents().retrieve(paid.paymentIntentId()))
            .isInstanceOf(com.stripe.exception.ApiConnectionException.class);
    }

    private List<PaymentIntent> search(String account, String outTradeNo) throws Exception {
        return client(account).v1()
            .paymentIntents()
            .search(PaymentIntentSearchParams.builder()
                .setQuery("metadata['out_trade_no']:'" + outTradeNo + "'")
                .build())
            .getData();
    }

    private StripeClient client(String account) {
        return client(account, 5_000);
    }

    private StripeClient client(String account, int readTimeoutMillis) {
        return StripeClient.builder()
            .setApiKey(merchantEntry(account).stripe().secretKey())
            .setApiBase(baseUrl() + "/sandbox/stripe")
            .setReadTimeout(readTimeoutMillis)
            .setMaxNetworkRetries(0)
            .build();
    }

}
