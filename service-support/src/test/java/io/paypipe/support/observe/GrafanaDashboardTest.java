package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.Promtool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The Grafana dashboard {@code deploy/grafana/paypipe-dashboard.json} imports and draws:
 * a schema version, unique panel ids, every panel on the Prometheus data source the
 * dashboard asks for at import, and every panel query a PromQL expression Prometheus
 * parses ({@code promtool check rules} over a generated file with one recording rule per
 * query). That the queries name only registered series is {@code OperationsDocsTest}'s.
 */
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("..", "deploy", "grafana", "paypipe-dashboard.json")
        .toAbsolutePath()
        .normalize();

    /** Grafana's own interval variables, given a value Prometheus can parse. */
    private static final List<String> GRAFANA_INTERVALS = List.of("$__rate_interval", "${__rate_interval}",
            "$__interval", "${__interval}", "$__range", "${__range}");

    @Test
    void givenTheDashboard_whenRead_thenItHasASchemaVersionUniquePanelIdsAndEveryPanelOnThePrometheusVariable()
            throws IOException {
        JsonNode dashboard = dashboard();

        assertThat(dashboard.path("schemaVersion").isInt()).as("schemaVersion").isTrue();
        assertThat(dashboard.path("uid").asString()).isNotBlank();
        assertThat(dashboard.path("title").asString()).isNotBlank();
        JsonNode variable = templateVariable(dashboard, "datasource");
        assertThat(variable.path("type").asString()).isEqualTo("datasource");
        assertThat(variable.path("query").asString()).isEqualTo("prometheus");
        Set<Integer> ids = new HashSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            String title = panel.path("title").asString();
            assertThat(panel.path("id").isInt()).as("%s: id", title).isTrue();
            assertThat(ids.add(panel.path("id").asInt())).as("%s: id %s unique", title, panel.path("id")).isTrue();
            assertThat(title).as("panel %s: title", panel.path("id")).isNotBlank();
            assertThat(panel.path("type").asString()).as("%s: type", title).isNotBlank();
            assertThat(panel.path("gridPos").path("w").asInt()).as("%s: gridPos.w", title).isPositive();
            assertThat(panel.path("gridPos").path("h").asInt()).as("%s: gridPos.h", title).isPositive();
            assertThat(panel.path("datasource").path("type").asString()).as("%s: datasource", title)
                .isEqualTo("prometheus");
            assertThat(panel.path("datasource").path("uid").asString()).as("%s: datasource", title)
                .isEqualTo("${datasource}");
            assertThat(panel.path("targets").size()).as("%s: targets", title).isPositive();
            Set<String> refIds = new HashSet<>();
            for (JsonNode target : panel.path("targets")) {
                assertThat(refIds.add(target.path("refId").asString())).as("%s: refId unique", title).isTrue();
                assertThat(target.path("expr").asString()).as("%s: expr", title).isNotBlank();
            }
        }
        assertThat(ids).hasSizeGreaterThan(10);
    }

    @Test
    void givenEveryPanelQuery_whenPromtoolParsesThemAsRecordingRules_thenEachIsValidPromQl() throws Exception {
        Promtool promtool = Promtool.required();
        List<String> rules = new ArrayList<>();
        for (JsonNode panel : dashboard().path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                String expr = promQl(target.path("expr").asString());
                assertThat(expr).as("%s: a variable the test does not know", panel.path("title")).doesNotContain("$");
                rules.add("      - record: dashboard:panel_%d_%s\n        expr: '%s'\n"
                    .formatted(panel.path("id").asInt(), target.path("refId").asString(), expr.replace("'", "''")));
            }
        }
        Path dir = Files.createTempDirectory("dashboard-rules");
        Files.writeString(dir.resolve("dashboard.rules.yaml"),
                "groups:\n  - name: dashboard\n    rules:\n" + String.join("", rules));

        Promtool.Run run = promtool.run(dir, "check", "rules", "dashboard.rules.yaml");

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.out()).contains("SUCCESS: " + rules.size() + " rules found");
    }

    private static String promQl(String grafanaExpr) {
        String expr = grafanaExpr;
        for (String interval : GRAFANA_INTERVALS) {
            expr = expr.replace(interval, "5m");
        }
        return expr.replace("\n", " ");
    }

    private static JsonNode templateVariable(JsonNode dashboard, String name) {
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("name").asString().equals(name)) {
                return variable;
            }
        }
        throw new AssertionError("the dashboard has no template variable " + name);
    }

    private static JsonNode dashboard() throws IOException {
        return new ObjectMapper().readTree(Files.readString(DASHBOARD));
    }

}
