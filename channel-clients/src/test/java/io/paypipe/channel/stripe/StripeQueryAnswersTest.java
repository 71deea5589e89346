package io.paypipe.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.net.ApiResource;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.net.SocketTimeoutException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every row of Stripe's answer table, and values it does not know. */
class StripeQueryAnswersTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    private static final String ORDER = "ORDER-1";

    @ParameterizedTest
    @CsvSource({ "succeeded, Paid", "requires_payment_method, Waiting", "requires_confirmation, Waiting",
            "requires_action, Waiting", "processing, Waiting", "canceled, Closed", "requires_capture, Unknown",
            "paid, Unknown" })
    void mapsEachPaymentIntentStatusToItsRow(String status, String kind) {
        // Given a PaymentIntent of our order with this status
        String body = intent(status, "\"latest_charge\":\"ch_1\"");

        // When it is read
        QueryAnswer answer = StripeQueryAnswers.ofIntent(parse(body), body, ORDER, NOW);

        // Then its row says what it is
        assertThat(answer.getClass().getSimpleName()).isEqualTo(kind);
    }

    @Test
    void aSucceededIntentCarriesItsIdAmountsChargeTimeAndVerbatimBody() {
        String body = intent("succeeded", charge(0));

        QueryAnswer answer = StripeQueryAnswers.ofIntent(parse(body), body, ORDER, NOW);

        assertThat(answer).isEqualTo(new QueryAnswer.Paid(ChannelTradeNo.of("pi_1"), "succeeded",
                Money.of(5_000, "USD"), Money.of(5_000, "USD"), Instant.ofEpochSecond(1_748_779_200L), body));
    }

    @Test
    void aSucceededIntentWhoseLatestChargeWasRefundedIsRefunded() {
        String body = intent("succeeded", charge(2_000));

        assertThat(StripeQueryAnswers.ofIntent(parse(body), body, ORDER, NOW)).isInstanceOf(QueryAnswer.Refunded.class);
    }

    @Test
    void withoutItsChargeAPaymentIsDatedWhenItWasQueried() {
        String body = intent("succeeded", "\"latest_charge\":\"ch_1\"");

        assertThat(((QueryAnswer.Paid) StripeQueryAnswers.ofIntent(parse(body), body, ORDER, NOW)).paidAt())
            .isEqualTo(NOW);
    }

    @Test
    void anIntentOfAnotherOrderIsUnknownNeverPaid() {
        String body = intent("succeeded", charge(0));

        assertThat(StripeQueryAnswers.ofIntent(parse(body), body, "ORDER-2", NOW))
            .isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void mapsEachQueryErrorToItsRow() {
        assertThat(StripeQueryAnswers.ofQueryError(missing())).isEqualTo(new QueryAnswer.NotFound("resource_missing"));
        assertThat(StripeQueryAnswers.ofQueryError(rateLimited())).isEqualTo(new QueryAnswer.RateLimited("rate_limit"));
        assertThat(StripeQueryAnswers.ofQueryError(server(500))).isInstanceOf(QueryAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofQueryError(server(503))).isInstanceOf(QueryAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofQueryError(io())).isInstanceOf(QueryAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofQueryError(invalid("parameter_unknown")))
            .isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(StripeQueryAnswers.ofQueryError(new AuthenticationException("bad key", "req_1", null, 401)))
            .isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void mapsEachCancelAnswerToItsRow() {
        assertThat(StripeQueryAnswers.ofCanceled(parse(intent("canceled", "")))).isEqualTo(new CloseAnswer.Closed());
        assertThat(StripeQueryAnswers.ofCanceled(parse(intent("processing", ""))))
            .isInstanceOf(CloseAnswer.Unknown.class);
        assertThat(StripeQueryAnswers.ofCancelError(unexpectedState(), Optional.of("succeeded")))
            .isEqualTo(new CloseAnswer.AlreadyPaid("payment_intent_unexpected_state"));
        assertThat(StripeQueryAnswers.ofCancelError(unexpectedState(), Optional.of("canceled")))
            .isEqualTo(new CloseAnswer.Closed());
        assertThat(StripeQueryAnswers.ofCancelError(unexpectedState(), Optional.of("processing")))
            .isInstanceOf(CloseAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofCancelError(unexpectedState(), Optional.of("requires_capture")))
            .isInstanceOf(CloseAnswer.Unknown.class);
        assertThat(StripeQueryAnswers.ofCancelError(unexpectedState(), Optional.empty()))
            .isInstanceOf(CloseAnswer.Unknown.class);
        assertThat(StripeQueryAnswers.ofCancelError(missing(), Optional.empty()))
            .isEqualTo(new CloseAnswer.NotFound("resource_missing"));
        assertThat(StripeQueryAnswers.ofCancelError(rateLimited(), Optional.empty()))
            .isEqualTo(new CloseAnswer.RateLimited("rate_limit"));
        assertThat(StripeQueryAnswers.ofCancelError(server(502), Optional.empty()))
            .isInstanceOf(CloseAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofCancelError(io(), Optional.empty())).isInstanceOf(CloseAnswer.Failed.class);
        assertThat(StripeQueryAnswers.ofCancelError(invalid("parameter_unknown"), Optional.empty()))
            .isInstanceOf(CloseAnswer.Unknown.class);
    }

    @Test
    void ofSeveralIntentsOfOneOrderTheSucceededOneCountsElseTheNewestOpenOne() {
        PaymentIntent old = parse(intent("canceled", "").replace("pi_1", "pi_old"));
        PaymentIntent open = parse(intent("requires_payment_method", "").replace("pi_1", "pi_open"));
        PaymentIntent paid = parse(intent("succeeded", "").replace("pi_1", "pi_paid"));

        assertThat(StripeOrderQueries.pick(List.of(old, open, paid)))
            .isEqualTo(new StripeOrderQueries.Lookup.Found("pi_paid"));
        assertThat(StripeOrderQueries.pick(List.of(old, open)))
            .isEqualTo(new StripeOrderQueries.Lookup.Found("pi_open"));
        assertThat(StripeOrderQueries.pick(List.of(old))).isEqualTo(new StripeOrderQueries.Lookup.Found("pi_old"));
        assertThat(StripeOrderQueries.pick(List.of())).isEqualTo(new StripeOrderQueries.Lookup.Missing());
        assertThat(StripeOrderQueries.pick(List.of(paid, paid)))
            .isInstanceOf(StripeOrderQueries.Lookup.Ambiguous.class);
    }

    @Test
    void aSearchValueHasItsQuotesAndBackslashesEscaped() {
        assertThat(StripeOrderQueries.quoted("a'b\\c")).isEqualTo("a\\'b\\\\c");
    }

    private static String intent(String status, String extra) {
        return "{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"amount\":5000,\"amount_received\":"
                + (status.equals("succeeded") ? 5000 : 0) + ",\"currency\":\"usd\",\"status\":\"" + status + "\","
                + "\"created\":1748779000,\"metadata\":{\"out_trade_no\":\"" + ORDER + "\"}"
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    private static String charge(long refunded) {
        return "\"latest_charge\":{\"id\":\"ch_1\",\"object\":\"charge\",\"amount\":5000,\"amount_refunded\":"
                + refunded + ",\"created\":1748779200,\"currency\":\"usd\"}";
    }

    private static PaymentIntent parse(String json) {
        return ApiResource.GSON.fromJson(json, PaymentIntent.class);
    }

    private static StripeException missing() {
        return new InvalidRequestException("No such payment_intent", "intent", "req_1", "resource_missing", 404, null);
    }

    private static StripeException rateLimited() {
        return new RateLimitException("Too many requests", null, "req_1", "rate_limit", 429, null);
    }

    private static StripeException unexpectedState() {
        return new InvalidRequestException("You cannot cancel this PaymentIntent", null, "req_1",
                "payment_intent_unexpected_state", 400, null);
    }

    private static StripeException invalid(String code) {
        return new InvalidRequestException("bad", null, "req_1", code, 400, null);
    }

    private static StripeException server(int status) {
        return new ApiException("boom", "req_1", null, status, null);
    }

    private static StripeException io() {
        return new ApiConnectionException("timeout", new SocketTimeoutException("Read timed out"));
    }

}
