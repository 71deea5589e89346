package io.paypipe.ingress.rederive;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.rederive.StoredRefund.Derived;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Which stored refund rows the current code derives otherwise: a changed state or amount;
 * a row stored before V18 (no derived state) only when it was set aside.
 */
class StoredRefundTest {

    private static final Derived SUCCEEDED = new Derived("SUCCEEDED", "503000", 400L, null, "CNY");

    @Test
    void givenARowAsTheCurrentCodeDerivesIt_whenCompared_thenItIsTheSame() {
        assertThat(row(SUCCEEDED, 1).derives(SUCCEEDED)).isTrue();
    }

    @Test
    void givenARowABugStoredAsUnknown_whenCompared_thenItDiffers() {
        assertThat(row(new Derived("UNKNOWN", "503000", 400L, null, "CNY"), 2).derives(SUCCEEDED)).isFalse();
        assertThat(row(new Derived("SUCCEEDED", "503000", 40L, null, "CNY"), 1).derives(SUCCEEDED)).isFalse();
    }

    @Test
    void givenARowStoredBeforeV18_whenCompared_thenItDiffersOnlyWhenSetAside() {
        Derived unknown = new Derived(null, "503000", 400L, null, "CNY");

        assertThat(row(unknown, 1).derives(SUCCEEDED)).isTrue();
        assertThat(row(unknown, 0).derives(SUCCEEDED)).isTrue();
        assertThat(row(unknown, 2).derives(SUCCEEDED)).isFalse();
        assertThat(row(new Derived(null, "503000", 1L, null, "CNY"), 1).derives(SUCCEEDED)).isFalse();
    }

    @Test
    void givenARow_whenDescribed_thenItReadsChannelStateDerivedStateAmountsAndRefundId() {
        StoredRefund row = row(new Derived(null, null, null, 900L, "CNY"), 2);

        assertThat(row.describe(row.derived())).isEqualTo("SUCCESS/? -/900 CNY");
        assertThat(row.describe(SUCCEEDED)).isEqualTo("SUCCESS/SUCCEEDED 400/- CNY 503000");
    }

    private static StoredRefund row(Derived derived, int handled) {
        return new StoredRefund(7, "shop", "1900000100", null, "wechatpay", "RF-1", "RF-1", "4200", "OT-1", "SUCCESS",
                derived, handled, Instant.parse("2026-12-02T06:00:00Z"), "{}");
    }

}
