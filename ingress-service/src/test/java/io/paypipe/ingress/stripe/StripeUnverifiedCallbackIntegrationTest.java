package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;
import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.NotifyTopic;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.StripeIds;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: a Stripe event whose signature fails is never trusted (the refusal, nothing
 * stored), but if its {@code metadata.out_trade_no} names a stored PENDING order of its
 * account (or, naming no account, of any Stripe account) that order is queried early,
 * within the limits (defaults: 1 per order and 5 minutes).
 */
class StripeUnverifiedCallbackIntegrationTest extends StripeCallbackIntegrationSupport {

    private static NotifyTopic<PaymentQueryDue> queries;

    @BeforeAll
    static void openQueryTopic() {
        TestInfra.get().broker().createTopics(List.of(Topics.PAYMENT_QUERY.name()), Topics.DEFAULT_PARTITIONS);
        queries = new NotifyTopic<>(Topics.PAYMENT_QUERY, TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeQueryTopic() {
        queries.close();
    }

    @Test
    void anEventSignedWithAnUnknownSecretNamingAPendingOrderSchedulesOneQuery() throws Exception {
        // Given a pending order of shop A
        String out = newOutTradeNo();
        insertOrder("shop-a", SHOP_A.account(), null, out, "stripe", 1_000, "USD", "PENDING");
        String key = "shop-a|" + SHOP_A.account() + "|" + out;

        // When its payment arrives signed with a secret we do not have (the event names
        // no
        // account)
        HttpResponse<String> response = post(
                StripeBadDelivery.signed(StripeBadDelivery.valid(out).body(), now(), StripeIds.endpointSecret()));

        // Then the answer is the refusal of any bad signature, nothing is stored
        assertSameRefusalAsForAnUnknownOrder(response);
        assertThat(rawRows(out)).isEmpty();
        assertThat(payments.recordsFor(key)).isEmpty();
        // and one query of the order is due now
        assertThat(await().atMost(Duration.ofSeconds(15))
            .until(() -> queries.recordsFor(key), r -> r.size() == 1)
            .getFirst()
            .value()).satisfies(q -> {
                assertThat(q.reason()).isEqualTo(PaymentQueryDue.Reason.UNVERIFIED_CALLBACK);
                assertThat(q.attempt()).isZero();
                assertThat(q.channel()).isEqualTo(Channel.STRIPE);
                assertThat(q.orderKey().kafkaKey()).isEqualTo(key);
            });
    }

    @Test
    void anEventNamingItsAccountButSignedWithAnotherSecretQueriesThatAccountsOrder() throws Exception {
        // Given a pending order of shop A
        String out = newOutTradeNo();
        insertOrder("shop-a", SHOP_A.account(), null, out, "stripe", 1_000, "USD", "PENDING");

        // When a Connect event naming account A arrives signed with B's secret
        HttpResponse<String> response = post(StripeBadDelivery.SIGNED_WITH_ANOTHER_MERCHANTS_SECRET.build(out));

        // Then A's order is queried, once
        assertSameRefusalAsForAnUnknownOrder(response);
        await().atMost(Duration.ofSeconds(15))
            .untilAsserted(() -> assertThat(queries.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(1));
    }

    @Test
    void fiftyBadSignaturesForOnePendingOrderScheduleOneQuery() throws Exception {
        // Given a pending order of shop B
        String out = newOutTradeNo();
        insertOrder("shop-b", SHOP_B.account(), null, out, "stripe", 2_000, "USD", "PENDING");
        String key = "shop-b|" + SHOP_B.account() + "|" + out;
        byte[] body = EVENTS
            .paymentIntent(PaymentIntentSpec.of(SHOP_B, out, 2_000, "usd"), PaymentIntentEvent.SUCCEEDED)
            .body();

        // When 50 copies signed with unknown secrets arrive
        for (int i = 0; i < 50; i++) {
            assertSameRefusalAsForAnUnknownOrder(
                    post(StripeBadDelivery.signed(body, now(), StripeIds.endpointSecret())));
        }

        // Then one query was scheduled, and no more come
        await().atMost(Duration.ofSeconds(15)).until(() -> queries.recordsFor(key).size() == 1);
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(6))
            .untilAsserted(() -> assertThat(queries.recordsFor(key)).hasSize(1));
    }

    @Test
    void anUnknownOrderOrAPaidOrderSchedulesNoQuery() throws Exception {
        // Given an order number nobody stored, and a paid order of shop A
        String unknown = newOutTradeNo();
        String paidOut = newOutTradeNo();
        insertOrder("shop-a", SHOP_A.account(), null, paidOut, "stripe", 1_000, "USD", "PAID");

        // When bad signatures name them
        for (String out : List.of(unknown, paidOut)) {
            assertSameRefusalAsForAnUnknownOrder(post(
                    StripeBadDelivery.signed(StripeBadDelivery.valid(out).body(), now(), StripeIds.endpointSecret())));
        }

        // Then neither is queried
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(6)).untilAsserted(() -> {
            assertThat(queries.recordsFor("shop-a|" + SHOP_A.account() + "|" + unknown)).isEmpty();
            assertThat(queries.recordsFor("shop-a|" + SHOP_A.account() + "|" + paidOut)).isEmpty();
        });
    }

    private HttpResponse<String> post(StripeBadDelivery.Delivery delivery) throws Exception {
        return post(delivery.body(), delivery.headers(), delivery.contentType());
    }

    /** What every event with a bad signature gets, whatever became of its query. */
    private void assertSameRefusalAsForAnUnknownOrder(HttpResponse<String> response) throws Exception {
        HttpResponse<String> reference = post(StripeBadDelivery.UNKNOWN_SECRET.build(newOutTradeNo()));
        assertIsFailAck(response);
        assertThat(response.statusCode()).isEqualTo(reference.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo(reference.body());
    }

    private static long now() {
        return Instant.now().getEpochSecond();
    }

}
