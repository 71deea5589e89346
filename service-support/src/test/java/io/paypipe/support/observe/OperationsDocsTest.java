package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Json;
import io.paypipe.support.testing.MetricNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The operator docs cannot drift to metric names that do not exist: every series the
 * example Prometheus rules, the Grafana dashboard and the metrics table of
 * {@code docs/operations.md} name is one the services register ({@link MetricNames},
 * whose entries the services' metrics integration tests find in real scrapes), the table
 * lists every one of them, and the rules block of the page is the rules file.
 */
class OperationsDocsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern SERIES = Pattern.compile("\\b((?:paypipe|reconcile|refund)_[a-z0-9_]+)\\b");

    private static final Pattern TABLE_NAME = Pattern.compile("^\\| `([a-z0-9_]+)` \\|", Pattern.MULTILINE);

    @Test
    void givenTheRulesFile_whenEveryExpressionIsRead_thenItNamesOnlyRegisteredSeries() throws IOException {
        JsonNode rules = new YAMLMapper().readTree(read("deploy/prometheus/paypipe-rules.yaml"));
        Set<String> used = new TreeSet<>();
        for (JsonNode group : rules.path("groups")) {
            for (JsonNode rule : group.path("rules")) {
                assertThat(rule.path("labels").path("code").asString()).as(rule.path("alert").asString())
                    .startsWith("PAYPIPE_");
                used.addAll(series(rule.path("expr").asString()));
            }
        }
        assertThat(used).isNotEmpty();
        assertThat(MetricNames.names()).containsAll(used);
    }

    @Test
    void givenTheDashboard_whenEveryPanelQueryIsRead_thenItNamesOnlyRegisteredSeries() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(read("deploy/grafana/paypipe-dashboard.json"));
        Set<String> used = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                used.addAll(series(target.path("expr").asString()));
            }
        }
        assertThat(dashboard.path("panels").size()).isGreaterThan(10);
        assertThat(MetricNames.names()).containsAll(used);
    }

    @Test
    void givenTheOperationsPage_whenItsMetricsTableIsRead_thenItListsExactlyTheRegisteredSeries() throws IOException {
        String page = read("docs/operations.md");
        Set<String> table = new TreeSet<>();
        Matcher m = TABLE_NAME.matcher(page);
        while (m.find()) {
            if (SERIES.matcher(m.group(1)).matches()) {
                table.add(m.group(1));
            }
        }
        assertThat(table).isEqualTo(new TreeSet<>(MetricNames.names()));
        assertThat(page).contains("```yaml\n" + read("deploy/prometheus/paypipe-rules.yaml") + "```");
    }

    @Test
    void givenTheOperationsPage_whenRead_thenEveryProductAlertKindHasARow() throws IOException {
        String page = read("docs/operations.md");
        for (var kind : io.paypipe.core.event.OpsAlertRaised.Kind.values()) {
            assertThat(page).as(kind.name()).contains("| `" + kind.name() + "` |");
        }
    }

    private static Set<String> series(String expression) {
        Set<String> names = new TreeSet<>();
        Matcher m = SERIES.matcher(expression);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static String read(String path) throws IOException {
        return Files.readString(ROOT.resolve(path));
    }

}
