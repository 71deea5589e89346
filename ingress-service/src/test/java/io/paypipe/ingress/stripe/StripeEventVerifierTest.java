package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.NOW;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;
import static io.paypipe.ingress.stripe.StripeFixtures.fixedClock;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.stripe.StripeIds;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StripeEventVerifierTest {

    private static final Duration TOLERANCE = Duration.ofSeconds(300);

    private final StripeEventVerifier verifier = new StripeEventVerifier(
            StripeMerchants.of(List.of(SHOP_A.toMerchant(), SHOP_B.toMerchant())), fixedClock(), TOLERANCE);

    @Test
    void anEventSignedWithAnAccountsSecretBelongsToThatAccount() {
        // Given B's event (it names no account)
        SignedNotification n = succeeded(SHOP_B, false, fixedClock());

        // When
        VerifiedEvent event = ok(verify(n));

        // Then B's secret was the one that verified it
        assertThat(event.merchant().account()).isEqualTo(SHOP_B.account());
        assertThat(event.id()).isEqualTo(n.id());
        assertThat(event.type()).isEqualTo("payment_intent.succeeded");
        assertThat(event.created()).isEqualTo(NOW.getEpochSecond());
        assertThat(event.object().path("object").asString()).isEqualTo("payment_intent");
    }

    @Test
    void aConnectEventIsCheckedWithTheSecretOfTheAccountItNames() {
        assertThat(ok(verify(succeeded(SHOP_A, true, fixedClock()))).merchant().account()).isEqualTo(SHOP_A.account());
    }

    @Test
    void anEventNamingAccountASignedWithBsSecretIsRefused() {
        // Given A's Connect event, signed with B's secret
        byte[] body = succeeded(SHOP_A, true, fixedClock()).body();
        SignedNotification signedByB = StripeEvents.sign("evt_x", "payment_intent.succeeded", body,
                NOW.getEpochSecond(), List.of(SHOP_B.endpointSecret()));

        assertThat(rejection(verify(signedByB))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void anEventNamingAnUnknownAccountIsRefusedEvenWhenAKnownSecretSignedIt() {
        String body = new String(succeeded(SHOP_B, false, fixedClock()).body(), StandardCharsets.UTF_8)
            .replace("\"object\": \"event\",", "\"object\": \"event\",\n  \"account\": \"acct_1Stranger000000\",");
        SignedNotification n = StripeEvents.sign("evt_x", "payment_intent.succeeded",
                body.getBytes(StandardCharsets.UTF_8), NOW.getEpochSecond(), List.of(SHOP_B.endpointSecret()));

        assertThat(rejection(verify(n))).isEqualTo(Rejection.MERCHANT_MISMATCH);
    }

    @Test
    void anUnknownSecretIsRefused() {
        byte[] body = succeeded(SHOP_A, false, fixedClock()).body();
        SignedNotification n = StripeEvents.sign("evt_x", "payment_intent.succeeded", body, NOW.getEpochSecond(),
                List.of(StripeIds.endpointSecret()));

        assertThat(rejection(verify(n))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void duringASecretRollTheSecondV1Verifies() {
        byte[] body = succeeded(SHOP_A, false, fixedClock()).body();
        SignedNotification n = StripeEvents.sign("evt_x", "payment_intent.succeeded", body, NOW.getEpochSecond(),
                List.of(StripeIds.endpointSecret(), SHOP_A.endpointSecret()));

        assertThat(ok(verify(n)).merchant().account()).isEqualTo(SHOP_A.account());
    }

    @Test
    void twoAccountsSharingASecretNeedTheEventToNameOne() {
        var twin = new io.paypipe.sandbox.stripe.StripeMerchant("shop-c", "acct_1Twinnnnnnnnnnnn",
                SHOP_A.endpointSecret());
        var shared = new StripeEventVerifier(StripeMerchants.of(List.of(SHOP_A.toMerchant(), twin.toMerchant())),
                fixedClock(), TOLERANCE);

        SignedNotification direct = succeeded(SHOP_A, false, fixedClock());
        SignedNotification connect = succeeded(twin, true, fixedClock());

        assertThat(rejection(shared.verify(header(direct), text(direct)))).isEqualTo(Rejection.MERCHANT_MISMATCH);
        assertThat(ok(shared.verify(header(connect), text(connect))).merchant().account()).isEqualTo(twin.account());
    }

    @ParameterizedTest
    @ValueSource(longs = { -301, 301, -3600, 86_400 })
    void aTimestampOutsideTheToleranceIsRefusedInBothDirections(long secondsFromNow) {
        // a future t is refused too, which stripe-java alone would let through
        SignedNotification n = succeeded(SHOP_A, false, Clock.offset(fixedClock(), Duration.ofSeconds(secondsFromNow)));

        assertThat(rejection(verifier.withinTolerance(header(n)))).isEqualTo(Rejection.STALE_TIMESTAMP);
    }

    @ParameterizedTest
    @ValueSource(longs = { -300, 0, 300 })
    void aTimestampWithinTheToleranceIsAccepted(long secondsFromNow) {
        SignedNotification n = succeeded(SHOP_A, false, Clock.offset(fixedClock(), Duration.ofSeconds(secondsFromNow)));

        assertThat(verifier.withinTolerance(header(n))).isInstanceOf(Check.Ok.class);
        assertThat(ok(verify(n)).merchant().account()).isEqualTo(SHOP_A.account());
    }

    @ParameterizedTest
    @ValueSource(strings = { "not json", "[1,2]", "\"text\"", "{\"id\":\"evt_1\",\"id\":\"evt_2\"}", "{} {}",
            "{\"account\":5}", "{\"object\":\"event\"}", "{\"object\":\"v2.core.event\",\"id\":\"evt_1\"}",
            // found by the fuzz test: a created beyond any Instant
            "{\"id\":\"evt_1\",\"object\":\"event\",\"created\":9223372036854775807,\"data\":{\"object\":{}},\"type\":\"a.b\"}",
            "{\"id\":\"evt_1\",\"object\":\"event\",\"created\":-1,\"data\":{\"object\":{}},\"type\":\"a.b\"}" })
    void signedBodiesThatAreNotStripeEventsAreRefused(String body) {
        SignedNotification n = StripeEvents.sign("evt_x", "x", body.getBytes(StandardCharsets.UTF_8),
                NOW.getEpochSecond(), List.of(SHOP_A.endpointSecret()));

        assertThat(rejection(verify(n))).isEqualTo(Rejection.MALFORMED);
    }

    private Check<VerifiedEvent> verify(SignedNotification n) {
        return verifier.verify(header(n), text(n));
    }

    private static SignedNotification succeeded(io.paypipe.sandbox.stripe.StripeMerchant merchant, boolean connect,
            Clock at) {
        return new StripeEvents(at).paymentIntent(
                PaymentIntentSpec.of(merchant, "ORDER-V1", 1_000, "usd").withConnect(connect),
                PaymentIntentEvent.SUCCEEDED);
    }

    private static StripeSignatureHeader header(SignedNotification n) {
        return ((Check.Ok<StripeSignatureHeader>) StripeSignatureHeader.parse(n.header("Stripe-Signature"))).value();
    }

    private static String text(SignedNotification n) {
        return new String(n.body(), StandardCharsets.UTF_8);
    }

    private static <T> T ok(Check<T> checked) {
        return switch (checked) {
            case Check.Ok<T> ok -> ok.value();
            case Check.Rejected<T> r -> throw new AssertionError("rejected: " + r);
        };
    }

    private static Rejection rejection(Check<?> checked) {
        return switch (checked) {
            case Check.Rejected<?> r -> r.rejection();
            case Check.Ok<?> ok -> throw new AssertionError("accepted: " + ok.value());
        };
    }

}
