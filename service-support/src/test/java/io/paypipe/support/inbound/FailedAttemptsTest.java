package io.paypipe.support.inbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.failure.TransientRecordException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FailedAttemptsTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:30Z");

    private static final PaymentNotified NOTICE = new PaymentNotified(PaymentNotified.idFor(7), 7, Channel.WECHATPAY,
            new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"), OutTradeNo.of("ORDER-1")), null,
            ChannelTradeNo.of("4200000000000000000000000001"), PaymentState.SUCCEEDED, "SUCCESS", Money.of(100, "CNY"),
            Money.of(100, "CNY"), NOW, NOW);

    private final List<String> counted = new ArrayList<>();

    private final FailedAttempts attempts = new FailedAttempts("raw",
            (rawId, error, at) -> counted.add(rawId + " " + error + " " + at), Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void givenACallThatSucceeds_whenRun_thenNothingIsCounted() {
        List<String> ran = new ArrayList<>();

        attempts.counting(NOTICE, () -> ran.add("ran"));

        assertThat(ran).containsExactly("ran");
        assertThat(counted).isEmpty();
    }

    @Test
    void givenATransientFailure_whenRun_thenTheAttemptIsCountedOnTheRawRowAndTheFailureThrownOn() {
        var failure = new TransientRecordException("database down", null) {
        };

        assertThatThrownBy(() -> attempts.counting(NOTICE, () -> {
            throw failure;
        })).isSameAs(failure);

        assertThat(counted).singleElement().asString().startsWith("7 ").contains(": database down").endsWith(" " + NOW);
    }

    @Test
    void givenARejectedRecord_whenRun_thenItIsThrownOnWithoutCountingAnAttempt() {
        var rejected = new InvalidRecordException("t", 0, 1, OptionalLong.of(7), "no order key");

        assertThatThrownBy(() -> attempts.counting(NOTICE, () -> {
            throw rejected;
        })).isSameAs(rejected);

        assertThat(counted).isEmpty();
    }

    @Test
    void givenAFailureLearntAfterTheCall_whenReported_thenItIsCountedUnlessTheRecordWasRejected() {
        attempts.failed(NOTICE, new InvalidRecordException("t", 0, 1, OptionalLong.of(7), "no order key"));
        assertThat(counted).isEmpty();

        attempts.failed(NOTICE, new IllegalStateException("order.paid not confirmed"));

        assertThat(counted).singleElement().asString().startsWith("7 ").contains(": order.paid not confirmed");
    }

    @Test
    void givenACounterThatFailsToo_whenRun_thenTheOriginalFailureIsThrown() {
        var broken = new FailedAttempts("refund raw", (rawId, error, at) -> {
            throw new IllegalStateException("database down");
        }, Clock.systemUTC());
        var failure = new IllegalArgumentException("a bug");

        assertThatThrownBy(() -> broken.counting(NOTICE, () -> {
            throw failure;
        })).isSameAs(failure);
    }

}
