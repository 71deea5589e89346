package io.paypipe.bench.backlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The settings, the report table and the record numbering, without a database or a
 * broker.
 */
class BacklogCostTest {

    private static final DataSource NO_DATABASE = new DriverManagerDataSource("jdbc:mysql://127.0.0.1:1/none");

    @Test
    void defaultsAreTheIssuesBacklogsAndTheArticlesSchedule() {
        // When the defaults are taken
        var settings = BacklogCost.Settings.defaults(NO_DATABASE, "127.0.0.1:9092");

        // Then they are 0/10k/100k awaiting, 1000 due, LIMIT 200 every 5 s, batches kept
        // in memory
        assertThat(settings.backlogs()).containsExactly(0, 10_000, 100_000);
        assertThat(settings.dueRecords()).isEqualTo(1000);
        assertThat(settings.scanLimit()).isEqualTo(200);
        assertThat(settings.scanInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settings.seekAfterError()).isFalse();
        assertThat(settings.withSeekAfterError(true).seekAfterError()).isTrue();
    }

    @Test
    void settingsRejectAnEmptyOrNegativeBacklogAndNoDueRecords() {
        // Then nonsense settings are refused before anything is seeded
        assertThatThrownBy(() -> new BacklogCost.Settings(NO_DATABASE, "b", List.of(), 10, 200, Duration.ofSeconds(5)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                () -> new BacklogCost.Settings(NO_DATABASE, "b", List.of(-1), 10, 200, Duration.ofSeconds(5)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BacklogCost.Settings(NO_DATABASE, "b", List.of(0), 0, 200, Duration.ofSeconds(5)))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void renderShowsOneLinePerRowThenTheNotes() {
        // Given two rows
        List<BacklogCost.Row> rows = List.of(
                new BacklogCost.Row("table-scan", 10_000, 1000, 6012, 6.012, 5005, 5.005, 3500.25, "scan note"),
                new BacklogCost.Row("retry-topic", 10_000, 1000, 1000, 1.0, 1000, 1.0, 19000.5, "topic note"));

        // When rendered
        String table = BacklogCost.render(rows);

        // Then the header, both rows and both notes are there
        assertThat(table.lines().toList()).hasSize(5);
        assertThat(table).contains("rows/retry")
            .contains("6.01")
            .contains("3500.3")
            .contains("table-scan @ 10000: scan note")
            .contains("retry-topic @ 10000: topic note");
    }

    @Test
    void recordNumbersMapToFixedWidthTradeNumbersAndMinorUnitAmounts() {
        // Then record 42 has a 28-digit WeChat transaction id, a 14-character order
        // number and an amount in fen
        assertThat(BacklogRecords.channelTradeNo(42)).hasSize(28).startsWith("4200").endsWith("42");
        assertThat(BacklogRecords.outTradeNo(42)).isEqualTo("BL000000000042");
        assertThat(BacklogRecords.amountMinor(42)).isEqualTo(142L);
        assertThat(BacklogRecords.body(42)).contains(BacklogRecords.channelTradeNo(42)).doesNotContain("{cipher}");
    }

}
