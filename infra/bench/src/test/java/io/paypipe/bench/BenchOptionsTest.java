package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void rejectsAMisspeltOptionInsteadOfSilentlyUsingTheDefault() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] { "--concurency=8" }, Map.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("concurency");
    }

    @Test
    void takesTheBrokerAndTheDatabaseFromTheEnvironmentTheLauncherWrites() {
        BenchOptions o = BenchOptions.parse(new String[0], Map.of("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1234",
                "SPRING_DATASOURCE_URL", "jdbc:mysql://127.0.0.1:5/x", "SPRING_DATASOURCE_USERNAME", "u"));

        assertThat(o.kafka()).isEqualTo("127.0.0.1:1234");
        assertThat(o.jdbcUrl()).isEqualTo("jdbc:mysql://127.0.0.1:5/x");
        assertThat(o.dbUser()).isEqualTo("u");
        assertThat(o.out().toString()).isEqualTo("docs");
    }

    @Test
    void quickShrinksEveryPhaseAndWritesOutsideDocs() {
        BenchOptions o = BenchOptions.parse(new String[] { "--quick=true", "--delays=0" }, Map.of());

        assertThat(o.duration()).isEqualTo(Duration.ofSeconds(5));
        assertThat(o.backlogs()).containsExactly(0, 2000);
        assertThat(o.delaysMs()).isEqualTo(List.of(0));
        assertThat(o.out().toString()).doesNotStartWith("docs");
    }

}
