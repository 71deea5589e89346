package io.paypipe.channel.stripe;

import static io.paypipe.channel.InProcessSandbox.STRIPE_ACCOUNT;
import static io.paypipe.channel.InProcessSandbox.STRIPE_OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.QueryFault;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link StripeOrderQueries} against the sandbox's Stripe PaymentIntents API, through
 * stripe-java's {@code StripeClient}, with the secret keys of the merchants file the
 * sandbox wrote.
 */
class StripeOrderQueriesIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final StripeOrderQueries QUERIES = new StripeOrderQueries(SANDBOX.merchants(),
            new StripeEndpoint(SANDBOX.baseUrl() + "/sandbox/stripe", InProcessSandbox.CALL_TIMEOUT,
                    InProcessSandbox.CALL_TIMEOUT, 0),
            Clock.systemUTC());

    @Test
    void aSucceededPaymentIntentFoundByItsOrderNumberIsPaid() {
        // Given an order whose PaymentIntent succeeded
        String no = InProcessSandbox.outTradeNo("ST-PAID");
        String pi = SANDBOX.stripe().pay(STRIPE_ACCOUNT, no, 5_000, "usd", 1).spec().paymentIntentId();

        // When it is queried by its out_trade_no (search), and by its PaymentIntent id
        QueryAnswer searched = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()));
        QueryAnswer retrieved = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.of(pi)));

        // Then both say paid, with the retrieved PaymentIntent as the body
        assertThat(searched).isInstanceOfSatisfying(QueryAnswer.Paid.class, p -> {
            assertThat(p.tradeNo()).isEqualTo(ChannelTradeNo.of(pi));
            assertThat(p.channelState()).isEqualTo("succeeded");
            assertThat(p.orderAmount()).isEqualTo(Money.of(5_000, "USD"));
            assertThat(p.paidAmount()).isEqualTo(Money.of(5_000, "USD"));
            assertThat(p.body()).contains("\"id\": \"" + pi + "\"").doesNotContain("search_result");
        });
        assertThat(retrieved).isInstanceOf(QueryAnswer.Paid.class);
    }

    @Test
    void anOpenPaymentIntentIsWaitingRequiresPaymentMethodThenProcessing() {
        String no = InProcessSandbox.outTradeNo("ST-WAIT");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 500, "usd");

        QueryAnswer open = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()));
        SANDBOX.setState(Channel.STRIPE, STRIPE_ACCOUNT, no, "processing");
        QueryAnswer processing = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()));

        assertThat(open).isEqualTo(new QueryAnswer.Waiting("requires_payment_method"));
        assertThat(processing).isEqualTo(new QueryAnswer.Waiting("processing"));
    }

    @Test
    void anOrderWithoutPaymentIntentIsNotFound() {
        assertThat(QUERIES.query(order(STRIPE_ACCOUNT, InProcessSandbox.outTradeNo("ST-NONE"), Optional.empty())))
            .isInstanceOf(QueryAnswer.NotFound.class);
        assertThat(QUERIES.query(order(STRIPE_ACCOUNT, "ST-NONE", Optional.of("pi_3NoSuchIntent00000000000"))))
            .isEqualTo(new QueryAnswer.NotFound("resource_missing"));
    }

    @Test
    void aSucceededPaymentIntentQueriedUnderAnotherAccountIsNotFoundNeverWaitingOrClosed() {
        String no = InProcessSandbox.outTradeNo("ST-WRONG");
        String pi = SANDBOX.stripe().pay(STRIPE_ACCOUNT, no, 700, "usd", 1).spec().paymentIntentId();

        assertThat(QUERIES.query(order(STRIPE_OTHER_ACCOUNT, no, Optional.empty())))
            .isInstanceOf(QueryAnswer.NotFound.class);
        assertThat(QUERIES.query(order(STRIPE_OTHER_ACCOUNT, no, Optional.of(pi))))
            .isEqualTo(new QueryAnswer.NotFound("resource_missing"));
        assertThat(QUERIES.close(order(STRIPE_OTHER_ACCOUNT, no, Optional.of(pi))))
            .isEqualTo(new CloseAnswer.NotFound("resource_missing"));
    }

    @Test
    void aRateLimitedQueryIsRateLimited() {
        String no = InProcessSandbox.outTradeNo("ST-RATE");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 100, "usd");
        SANDBOX.failNext(Channel.STRIPE, QueryFault.RATE_LIMITED, Operation.QUERY, STRIPE_ACCOUNT);

        assertThat(QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty())))
            .isEqualTo(new QueryAnswer.RateLimited("rate_limit"));
    }

    @Test
    void aServerErrorIsFailed() {
        String no = InProcessSandbox.outTradeNo("ST-5XX");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 100, "usd");
        SANDBOX.failNext(Channel.STRIPE, QueryFault.SERVER_ERROR, Operation.QUERY, STRIPE_ACCOUNT);

        assertThat(QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()))).isInstanceOf(QueryAnswer.Failed.class);
    }

    @Test
    void aQueryWithoutAnAnswerIsFailedWithinTheReadTimeout() {
        String no = InProcessSandbox.outTradeNo("ST-TIMEOUT");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 100, "usd");
        SANDBOX.failNext(Channel.STRIPE, QueryFault.TIMEOUT, Operation.QUERY, STRIPE_ACCOUNT);

        long start = System.nanoTime();
        QueryAnswer answer = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answer).isInstanceOfSatisfying(QueryAnswer.Failed.class,
                f -> assertThat(f.reason()).contains("ApiConnectionException"));
        assertThat(took).isLessThan(InProcessSandbox.CALL_TIMEOUT.plusSeconds(2))
            .isLessThan(InProcessSandbox.TIMEOUT_HOLD);
    }

    @Test
    void cancelingAnOpenPaymentIntentClosesItAndTheQueryThenSaysClosed() {
        String no = InProcessSandbox.outTradeNo("ST-CLOSE");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 300, "usd");

        CloseAnswer closed = QUERIES.close(order(STRIPE_ACCOUNT, no, Optional.empty()));
        QueryAnswer after = QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()));
        CloseAnswer again = QUERIES.close(order(STRIPE_ACCOUNT, no, Optional.empty()));

        assertThat(closed).isEqualTo(new CloseAnswer.Closed());
        assertThat(after).isInstanceOfSatisfying(QueryAnswer.Closed.class,
                c -> assertThat(c.channelState()).isEqualTo("canceled"));
        // canceling it again is payment_intent_unexpected_state on a canceled intent
        assertThat(again).isEqualTo(new CloseAnswer.Closed());
    }

    @Test
    void cancelingASucceededPaymentIntentIsAlreadyPaid() {
        String no = InProcessSandbox.outTradeNo("ST-CLOSE-PAID");
        SANDBOX.stripe().pay(STRIPE_ACCOUNT, no, 300, "usd", 1);

        assertThat(QUERIES.close(order(STRIPE_ACCOUNT, no, Optional.empty())))
            .isEqualTo(new CloseAnswer.AlreadyPaid("payment_intent_unexpected_state"));
    }

    @Test
    void aPaymentIntentPaidJustBeforeItsCancelIsAlreadyPaidAndTheQueryFindsItPaid() {
        String no = InProcessSandbox.outTradeNo("ST-RACE");
        SANDBOX.stripe().place(STRIPE_ACCOUNT, no, 300, "usd");
        SANDBOX.paidDuringClose(Channel.STRIPE, STRIPE_ACCOUNT, no);

        assertThat(QUERIES.close(order(STRIPE_ACCOUNT, no, Optional.empty())))
            .isEqualTo(new CloseAnswer.AlreadyPaid("payment_intent_unexpected_state"));
        assertThat(QUERIES.query(order(STRIPE_ACCOUNT, no, Optional.empty()))).isInstanceOf(QueryAnswer.Paid.class);
    }

    @Test
    void anAccountWithoutSecretKeyIsUnknownNeverNotFound() {
        QueriedOrder order = order("acct_1PaypipeSbx0999", "ST-NOKEY", Optional.empty());

        assertThat(QUERIES.query(order)).isInstanceOfSatisfying(QueryAnswer.Unknown.class,
                u -> assertThat(u.what()).startsWith("no credentials"));
        assertThat(QUERIES.close(order)).isInstanceOf(CloseAnswer.Unknown.class);
    }

    private static QueriedOrder order(String account, String no, Optional<String> paymentIntent) {
        return InProcessSandbox.order(Channel.STRIPE, account, Optional.empty(), no, Money.of(100, "USD"),
                paymentIntent);
    }

}
