package io.paypipe.bench.backlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.embedded.TestInfra;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Both retry designs against a real MariaDB and a real broker, with small numbers (50 due
 * records, 2000 awaiting): each due record is retried exactly once, the awaiting ones are
 * left alone, and the database work is counted. Timings are never asserted.
 */
class BacklogCostIntegrationTest {

    private static final int DUE = 50;

    private static final int BACKLOG = 2000;

    private static HikariDataSource dataSource;

    private static String bootstrapServers;

    @BeforeAll
    static void infra() {
        TestInfra infra = TestInfra.get();
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(infra.jdbcUrl());
        dataSource.setUsername(infra.username());
        dataSource.setPassword(infra.password());
        dataSource.setMaximumPoolSize(3);
        bootstrapServers = infra.bootstrapServers();
    }

    @AfterAll
    static void close() {
        new BacklogTables(dataSource).drop();
        dataSource.close();
    }

    @Test
    void tableScanRetriesEachDueRowOnceAndLeavesTheAwaitingRowsAlone() {
        // Given the article's callback log with 50 due rows and 2000 rows awaiting a
        // later retry
        BacklogTables tables = new BacklogTables(dataSource);
        tables.recreate();
        BacklogTables.Seeded seeded = tables.seed(DUE, BACKLOG);

        // When the article's retry job runs until every due row was tried
        TableScanRetry.Outcome outcome;
        try (PinnedConnection pinned = new PinnedConnection(dataSource)) {
            outcome = new TableScanRetry(pinned.jdbc(), pinned.business(), pinned.counters(), 20).run();
        }

        // Then each due row was retried exactly once, no awaiting row was touched, and
        // the work was counted
        assertThat(outcome.retried()).isEqualTo(DUE);
        assertThat(outcome.leasesLost()).isZero();
        assertThat(tables.dueRetriedOnce(seeded)).isEqualTo(DUE);
        assertThat(tables.awaitingTouched(seeded)).isZero();
        assertThat(outcome.scanCount()).isGreaterThanOrEqualTo(DUE / 20 + 1);
        assertThat(outcome.total().rowsExamined()).isGreaterThan(0);
        assertThat(outcome.scans().rowsExamined()).isGreaterThan(0);
        assertThat(outcome.total().statements()).isGreaterThanOrEqualTo(5L * DUE + outcome.scanCount());
        assertThat(tables.scanIndex(20)).isEqualTo("idx_retry");
    }

    @Test
    void seededRawBodiesAreTheSameInSqlAndInKafkaAndAboutOneKilobyte() {
        // Given seeded rows
        BacklogTables tables = new BacklogTables(dataSource);
        tables.recreate();
        tables.seed(3, 5);

        // Then the body SQL built is the one the Kafka records carry
        for (long id : List.of(1L, 3L, 8L)) {
            assertThat(tables.rawBody(id)).isEqualTo(BacklogRecords.body(id));
        }
        assertThat(BacklogRecords.body(1).getBytes(StandardCharsets.UTF_8).length).isBetween(900, 1400);
    }

    @Test
    void retryTopicForwardsEachDueRecordOnceAndPausesAtTheFirstNotYetDue() {
        // Given orders, and a retry topic with 50 due records followed by 2000 not yet
        // due
        BacklogTables tables = new BacklogTables(dataSource);
        tables.recreate();
        tables.seed(DUE, BACKLOG);
        try (RetryTopics topics = new RetryTopics(bootstrapServers);
                PinnedConnection pinned = new PinnedConnection(dataSource)) {
            RetryTopics.Pair pair = topics.create();
            topics.seed(pair, DUE, BACKLOG);

            // When the retry-topic consumer runs
            RetryTopicRetry.Outcome outcome = new RetryTopicRetry(topics, pinned.business(), pinned.counters(), false)
                .run(pair);

            // Then each due record was tried and forwarded once, and the consumer stopped
            // in front of the others
            assertThat(outcome.retried()).isEqualTo(DUE);
            assertThat(outcome.pausedAt()).isEqualTo(DUE);
            assertThat(outcome.committed()).isEqualTo(DUE);
            assertThat(topics.endOffset(pair.consumed())).isEqualTo(DUE + BACKLOG);
            assertThat(topics.keys(pair.next())).containsExactlyInAnyOrderElementsOf(
                    IntStream.rangeClosed(1, DUE).mapToObj(BacklogRecords::outTradeNo).toList());
            // and the database saw the business attempt only: one locking read per record
            assertThat(outcome.total().statements()).isEqualTo(DUE);
            assertThat(outcome.total().rowsExamined()).isGreaterThan(0);
        }
    }

    @Test
    void measureReportsBothDesignsForEachBacklogWithTheirDatabaseWork() {
        // Given backlogs of 0 and 2000 and 50 due records
        var settings = new BacklogCost.Settings(dataSource, bootstrapServers, List.of(0, BACKLOG), DUE, 200,
                Duration.ofSeconds(5));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        // When measured
        List<BacklogCost.Row> rows = BacklogCost.measure(settings,
                new PrintStream(progress, true, StandardCharsets.UTF_8));

        // Then each design reports each backlog, every due record retried once and some
        // rows examined
        assertThat(rows).extracting(BacklogCost.Row::design, BacklogCost.Row::backlog)
            .containsExactly(org.assertj.core.groups.Tuple.tuple("table-scan", 0),
                    org.assertj.core.groups.Tuple.tuple("retry-topic", 0),
                    org.assertj.core.groups.Tuple.tuple("table-scan", BACKLOG),
                    org.assertj.core.groups.Tuple.tuple("retry-topic", BACKLOG));
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.retried()).isEqualTo(DUE);
            assertThat(row.rowsExamined()).isGreaterThan(0);
            assertThat(row.statements()).isGreaterThan(0);
            assertThat(row.note()).isNotBlank();
        });
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("backlog " + BACKLOG);
        assertThat(BacklogCost.render(rows)).contains("table-scan").contains("retry-topic");
    }

}
