package io.paypipe.ingress.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EnvelopeTest {

    private static final String VALID = SignedNotification.envelope("0123456789abcdef0123456789abcdef", "{}");

    @ParameterizedTest
    @CsvSource({ "TRANSACTION.SUCCESS,transaction,PAYMENT", "REFUND.SUCCESS,refund,REFUND",
            "REFUND.CLOSED,refund,REFUND", "REFUND.ABNORMAL,refund,REFUND", "SOMETHING.NEW,refund,REFUND",
            "SOMETHING.NEW,transaction,PAYMENT" })
    void theEventTypeOrElseTheOriginalTypeSaysWhatItIsAbout(String eventType, String originalType, Envelope.Kind kind) {
        String body = SignedNotification.envelope("0123456789abcdef0123456789abcdef", "{}", eventType, originalType,
                "x");

        assertThat(Envelope.read(body)).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            Envelope e = (Envelope) ok.value();
            assertThat(e.kind()).isEqualTo(kind);
            assertThat(e.eventType()).isEqualTo(eventType);
            assertThat(e.id()).hasSize(36);
        });
    }

    @Test
    void anUnknownEventAboutAnUnknownResourceIsRefused() {
        String body = SignedNotification.envelope("0123456789abcdef0123456789abcdef", "{}", "PROFIT.SHARING",
                "profitsharing", "x");

        assertThat(rejection(Envelope.read(body))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(strings = { "{\"id\":", "[1,2]", "\"text\"", "{id:\"x\"}", "{\"id\":\"a\",\"id\":\"b\"}" })
    void bodiesThatAreNotOneStrictJsonObjectAreRefused(String body) {
        assertThat(rejection(Envelope.read(body))).isEqualTo(Rejection.MALFORMED);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|',
            value = { "\"id\":\"|\"id\":12,\"x\":\"",
                    "\"event_type\":\"TRANSACTION.SUCCESS\"|\"event_type\":[\"TRANSACTION.SUCCESS\"]",
                    "\"resource\":{|\"resource\":\"\",\"r\":{", "\"ciphertext\":\"|\"ciphertext\":0,\"c\":\"",
                    "\"summary\":\"支付成功\"|\"summary\":false", "\"create_time\":\"|\"created\":\"" })
    void missingOrWrongTypedEnvelopeFieldsAreRefused(String field, String replacement) {
        String body = VALID.replace(field, replacement);

        assertThat(body).isNotEqualTo(VALID);
        assertThat(rejection(Envelope.read(body))).isEqualTo(Rejection.MALFORMED);
    }

    @Test
    void anIdLongerThanItsColumnIsRefused() {
        String body = VALID.replaceFirst("\"id\":\"[^\"]+\"", "\"id\":\"" + "E".repeat(65) + "\"");

        assertThat(rejection(Envelope.read(body))).isEqualTo(Rejection.MALFORMED);
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
