package io.paypipe.processor.replay;

import static io.paypipe.processor.support.DeadLetterSamples.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.topic.Json;
import io.paypipe.processor.support.Fixtures;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeadLetterFilterTest {

    private static final Instant T = Instant.parse("2026-11-30T03:00:00Z");

    private static final String LEFE = "org.springframework.kafka.listener.ListenerExecutionFailedException";

    private static final String NOT_FOUND = "io.paypipe.processor.failure.OrderNotFoundException";

    private final OrderKey key = new OrderKey(Fixtures.TENANT, Fixtures.MERCHANT, OutTradeNo.of("T1"));

    private final DeadLetter unknownOrder = deadLetter(Fixtures.succeeded(1, key, Fixtures.newTradeNo(), 100, 100),
            LEFE, NOT_FOUND, T);

    private final DeadLetter poison = DeadLetter.from(record(0, 1, T.plusSeconds(60).toEpochMilli(), "k",
            utf8("garbage"), dltHeaders("org.springframework.kafka.support.serializer.DeserializationException", null,
                    "bad json", 0, 1, T.toEpochMilli())));

    @Test
    void anEmptyFilterMatchesEverything() {
        assertThat(DeadLetterFilter.ALL.isEmpty()).isTrue();
        assertThat(DeadLetterFilter.ALL.matches(unknownOrder)).isTrue();
        assertThat(DeadLetterFilter.ALL.matches(poison)).isTrue();
    }

    @Test
    void errorClassMatchesTheExceptionOrItsCauseBySimpleOrFullName() {
        assertThat(filter(null, null, "OrderNotFoundException").matches(unknownOrder)).isTrue();
        assertThat(filter(null, null, NOT_FOUND).matches(unknownOrder)).isTrue();
        assertThat(filter(null, null, "listenerexecutionfailedexception").matches(unknownOrder)).isTrue();
        assertThat(filter(null, null, "DeserializationException").matches(unknownOrder)).isFalse();
        assertThat(filter(null, null, "DeserializationException").matches(poison)).isTrue();
        assertThat(filter(null, null, "NotFound").matches(unknownOrder)).isFalse();
    }

    @Test
    void channelAndMerchantMatchReadableNotificationsOnly() {
        assertThat(filter("wechatpay", null, null).matches(unknownOrder)).isTrue();
        assertThat(filter("alipay", null, null).matches(unknownOrder)).isFalse();
        assertThat(filter(null, Fixtures.MERCHANT.value(), null).matches(unknownOrder)).isTrue();
        assertThat(filter(null, "1900000999", null).matches(unknownOrder)).isFalse();
        assertThat(filter("wechatpay", null, null).matches(poison)).isFalse();
    }

    @Test
    void timeRangeIsOnTheDeadLetterTimestampFromInclusiveToExclusive() {
        assertThat(new DeadLetterFilter(null, null, null, T, T.plusSeconds(1)).matches(unknownOrder)).isTrue();
        assertThat(new DeadLetterFilter(null, null, null, T.plusMillis(1), null).matches(unknownOrder)).isFalse();
        assertThat(new DeadLetterFilter(null, null, null, null, T).matches(unknownOrder)).isFalse();
        assertThat(new DeadLetterFilter(null, null, null, T.plusSeconds(30), null).matches(poison)).isTrue();
    }

    private static DeadLetterFilter filter(String channel, String merchant, String errorClass) {
        return new DeadLetterFilter(channel, merchant, errorClass, null, null);
    }

    private static DeadLetter deadLetter(PaymentNotified n, String fqcn, String cause, Instant at) {
        return DeadLetter
            .from(record(0, 0, at.toEpochMilli(), n.orderKey().kafkaKey(), Json.MAPPER.writeValueAsBytes(n),
                    dltHeaders(fqcn, cause, "no order", 0, 5, at.minusSeconds(3600).toEpochMilli())));
    }

}
