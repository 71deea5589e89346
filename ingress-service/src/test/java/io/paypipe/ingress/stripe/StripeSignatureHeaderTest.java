package io.paypipe.ingress.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class StripeSignatureHeaderTest {

    private static final String V1 = "5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd";

    private static final String V0 = "6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = { "t=1492774577,v1=" + V1 + "|1492774577|1",
            "t=1492774577,v1=" + V1 + ",v0=" + V0 + "|1492774577|1",
            "t=1492774577,v1=" + V1 + ",v1=" + V0 + ",v0=" + V0 + "|1492774577|2",
            "v1=" + V1 + ",t=1492774577|1492774577|1", "t=1492774577,v1=" + V1 + ",v2=future-scheme|1492774577|1" })
    void readsTheTimestampAndCountsTheV1Signatures(String header, long timestamp, int v1Count) {
        // When
        Check<StripeSignatureHeader> parsed = StripeSignatureHeader.parse(header);

        // Then
        assertThat(parsed).isEqualTo(Check.ok(new StripeSignatureHeader(header, timestamp, v1Count)));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = { " " })
    void aMissingHeaderIsMissing(String header) {
        assertThat(rejection(header)).isEqualTo(Rejection.MISSING_HEADERS);
    }

    @ParameterizedTest
    @ValueSource(strings = { "v1=" + V1, "t=,v1=" + V1, "t=abc,v1=" + V1, "t=-5,v1=" + V1, "t=1e9,v1=" + V1,
            "t=1234567890123,v1=" + V1, "t=1,t=2,v1=" + V1, "t 1492774577,v1=" + V1, "garbage",
            " t=1492774577,v1=" + V1 })
    void aGarbledTimestampIsRefused(String header) {
        assertThat(rejection(header)).isEqualTo(Rejection.BAD_TIMESTAMP);
    }

    @ParameterizedTest
    @ValueSource(strings = { "t=1492774577", "t=1492774577,v0=" + V0, "t=1492774577,v1=", "t=1492774577,V1=" + V1,
            "t=1492774577, v1=" + V1 })
    void aHeaderWithoutV1SignatureIsRefused(String header) {
        assertThat(rejection(header)).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(ints = { 1025, 100_000 })
    void anOverlongHeaderIsRefusedUnread(int length) {
        String header = "t=1492774577,v1=" + "a".repeat(length);

        assertThat(rejection(header)).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(strings = { "t=1492774577,v1=" + V1 })
    void itsTextNamesNoSignature(String header) {
        assertThat(((Check.Ok<StripeSignatureHeader>) StripeSignatureHeader.parse(header)).value().toString())
            .doesNotContain(V1)
            .contains("1492774577");
    }

    private static Rejection rejection(String header) {
        return switch (StripeSignatureHeader.parse(header)) {
            case Check.Rejected<StripeSignatureHeader> r -> r.rejection();
            case Check.Ok<StripeSignatureHeader> ok -> throw new AssertionError("accepted: " + ok.value());
        };
    }

}
