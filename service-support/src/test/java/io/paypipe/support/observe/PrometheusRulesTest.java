package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.Promtool;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The example alert rules checked by Prometheus's own tool: {@code promtool check rules}
 * parses every expression and template, and {@code promtool test rules} runs
 * {@code deploy/prometheus/paypipe-rules.test.yaml}, where each representative alert is
 * fed series that make it fire and series that must not (the behaviour
 * {@code docs/operations.md} describes). Skipped without promtool unless {@code CI=true}.
 */
class PrometheusRulesTest {

    private static final Path PROMETHEUS = Path.of("..", "deploy", "prometheus").toAbsolutePath().normalize();

    private static final String RULES = "paypipe-rules.yaml";

    private static final String RULE_TESTS = "paypipe-rules.test.yaml";

    /**
     * The alerts the rule tests must show firing and quiet (issue 17's representative
     * set, and the refunds' age-based alert).
     */
    private static final Set<String> TESTED = Set.of("PaypipeDeadLettersPending", "PaypipeNotificationsUnsettled",
            "PaypipeConsumerLag", "PaypipeCallbacksRejected", "PaypipeAckBudgetMissed", "PaypipeRefundsNotFinal");

    @Test
    void givenTheRulesFile_whenPromtoolChecksIt_thenEveryRuleParses() throws Exception {
        Promtool promtool = Promtool.required();

        Promtool.Run run = promtool.run(PROMETHEUS, "check", "rules", RULES);

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.out()).contains("SUCCESS: " + alertNames(RULES, "alert").size() + " rules found");
    }

    @Test
    void givenTheRuleUnitTests_whenPromtoolRunsThem_thenEachAlertFiresAndStaysQuietAsDocumented() throws Exception {
        Promtool promtool = Promtool.required();

        Promtool.Run run = promtool.run(PROMETHEUS, "test", "rules", RULE_TESTS);

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.out()).contains("SUCCESS");
    }

    @Test
    void givenTheRuleUnitTests_whenRead_thenTheyCoverTheRepresentativeAlertsAndNameOnlyRealOnes() throws IOException {
        Set<String> tested = alertNames(RULE_TESTS, "alertname");

        assertThat(tested).containsAll(TESTED);
        assertThat(alertNames(RULES, "alert")).containsAll(tested);
    }

    private static Set<String> alertNames(String file, String field) throws IOException {
        JsonNode root = new YAMLMapper().readTree(PROMETHEUS.resolve(file).toFile());
        Set<String> names = new TreeSet<>();
        root.findValues(field).forEach(n -> names.add(n.asString()));
        return names;
    }

}
