package io.paypipe.refund.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.Refund;
import com.stripe.net.ApiResource;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Stripe's Refund objects and errors mean, as stripe-java hands them over. */
class StripeAnswersTest {

    private static final Instant NOW = Instant.parse("2026-03-01T08:00:00Z");

    private static final StripeAnswers ANSWERS = new StripeAnswers(Clock.fixed(NOW, ZoneOffset.UTC));

    private static final RefundOrder ORDER = new RefundOrder(
            new Merchant("shop", Channel.STRIPE, "acct_1", List.of(), null, null, null),
            new OrderKey(TenantId.of("shop"), MerchantId.of("acct_1"), OutTradeNo.of("ORDER-1")),
            ChannelTradeNo.of("pi_1"), "RF-1", Money.of(500, "USD"), Money.of(1_000, "USD"), null, null);

    @Test
    void aRefundsStatusDecides() {
        assertThat(ANSWERS.of(refund("pending", 500, "usd", null), ORDER)).isEqualTo(new RefundCall.Accepted("re_1"));
        assertThat(ANSWERS.of(refund("requires_action", 500, "usd", null), ORDER))
            .isEqualTo(new RefundCall.Accepted("re_1"));
        assertThat(ANSWERS.of(refund("succeeded", 500, "usd", null), ORDER))
            .isEqualTo(new RefundCall.Succeeded("re_1", NOW));
        assertThat(ANSWERS.of(refund("failed", 500, "usd", "insufficient_funds"), ORDER))
            .isEqualTo(new RefundCall.Refused("re_1", "insufficient_funds", "stripe refund failed"));
        assertThat(ANSWERS.of(refund("canceled", 500, "usd", null), ORDER))
            .isEqualTo(new RefundCall.Refused("re_1", "canceled", "stripe refund canceled"));
        assertThat(ANSWERS.of(refund("in_review", 500, "usd", null), ORDER)).isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void aRefundOfAnotherAmountOrCurrencyIsNotTakenAsOurs() {
        assertThat(ANSWERS.of(refund("succeeded", 600, "usd", null), ORDER)).isInstanceOf(RefundCall.Unknown.class);
        assertThat(ANSWERS.of(refund("succeeded", 500, "eur", null), ORDER)).isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void onlyErrorsThatSayTheRefundCannotBeMadeAreRefusals() {
        assertThat(StripeAnswers.error("t", invalid("amount_too_large", "amount", 400)))
            .isInstanceOfSatisfying(RefundCall.Refused.class, r -> assertThat(r.code()).isEqualTo("amount_too_large"));
        assertThat(StripeAnswers.error("t", invalid("charge_already_refunded", null, 400)))
            .isInstanceOf(RefundCall.Refused.class);
        assertThat(StripeAnswers.error("t", invalid("resource_missing", "payment_intent", 404)))
            .isInstanceOf(RefundCall.Refused.class);
        assertThat(StripeAnswers.error("t",
                new CardException("declined", "req_1", "card_declined", null, null, null, 402, null)))
            .isInstanceOf(RefundCall.Refused.class);

        assertThat(StripeAnswers.error("t", invalid("resource_missing", "id", 404)))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(StripeAnswers.error("t", invalid("parameter_invalid_integer", "amount", 400)))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(StripeAnswers.error("t", new IdempotencyException("other parameters", "req_1", null, 400)))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(StripeAnswers.error("t", new AuthenticationException("bad key", "req_1", null, 401)))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(StripeAnswers.error("t", new ApiException("boom", "req_1", null, 500, null)))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(StripeAnswers.error("t", new ApiConnectionException("Read timed out")))
            .isInstanceOf(RefundCall.Unknown.class);
    }

    private static InvalidRequestException invalid(String code, String param, int status) {
        return new InvalidRequestException("refused", param, "req_1", code, status, null);
    }

    private static Refund refund(String status, long amount, String currency, String failureReason) {
        String json = "{\"id\":\"re_1\",\"object\":\"refund\",\"amount\":" + amount + ",\"currency\":\"" + currency
                + "\",\"status\":\"" + status + "\""
                + (failureReason == null ? "" : ",\"failure_reason\":\"" + failureReason + "\"")
                + ",\"metadata\":{\"refund_no\":\"RF-1\"}}";
        return ApiResource.GSON.fromJson(json, Refund.class);
    }

}
