package io.paypipe.support.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * How the metrics integration tests judge {@code promtool check metrics}: a problem of a
 * paypipe series fails, a library's is only reported, text Prometheus cannot parse fails.
 */
class PromtoolMetricsLintTest {

    private static final String LIBRARY_WITHOUT_HELP = """
            # TYPE jvm_threads_live_threads gauge
            jvm_threads_live_threads 12.0
            """;

    @Test
    void givenOnlyALibrarysSeriesWithoutHelp_whenChecked_thenItParsesAndOurSeriesAreClean() throws Exception {
        Promtool.MetricsLint lint = Promtool.required().checkMetrics(LIBRARY_WITHOUT_HELP + """
                # HELP paypipe_callbacks_total callbacks answered
                # TYPE paypipe_callbacks_total counter
                paypipe_callbacks_total{channel="wechatpay"} 3.0
                """);

        assertThat(lint.parsed()).isTrue();
        assertThat(lint.ofOtherSeries()).singleElement().asString().startsWith("jvm_threads_live_threads");
        lint.assertParsedAndOurSeriesClean();
    }

    @Test
    void givenAPaypipeCounterWithoutTotalOrHelp_whenChecked_thenItIsOursAndFails() throws Exception {
        Promtool.MetricsLint lint = Promtool.required().checkMetrics("""
                # TYPE paypipe_callbacks counter
                paypipe_callbacks{channel="wechatpay"} 3.0
                """);

        assertThat(lint.ofOurSeries()).isNotEmpty().allMatch(p -> p.startsWith("paypipe_callbacks "));
        assertThatThrownBy(lint::assertParsedAndOurSeriesClean).isInstanceOf(AssertionError.class)
            .hasMessageContaining("paypipe's own series");
    }

    @Test
    void givenTextPrometheusCannotParse_whenChecked_thenItFails() throws Exception {
        Promtool.MetricsLint lint = Promtool.required().checkMetrics("paypipe_callbacks_total{channel=wechatpay 3\n");

        assertThat(lint.parsed()).isFalse();
        assertThatThrownBy(lint::assertParsedAndOurSeriesClean).isInstanceOf(AssertionError.class)
            .hasMessageContaining("could not parse");
    }

}
