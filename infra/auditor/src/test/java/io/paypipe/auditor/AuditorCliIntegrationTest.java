package io.paypipe.auditor;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ./paypipe audit} as operators run it, against the real {@code order.paid} of the
 * test broker (no other test of this module writes there): its output and its exit codes.
 */
class AuditorCliIntegrationTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private AuditDatabase db;

    @BeforeEach
    void database() {
        db = AuditDatabase.create();
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aCorrectHistoryExitsZeroAndSaysWhatItRead() {
        // Given one order paid correctly, its record on order.paid
        try (OrderPaidTopic topic = OrderPaidTopic.real()) {
            new History(db.jdbc(), topic, "CLI-").paid(1_000);
        }

        // When the command audits it
        int exit = run("--jdbc-url=" + db.url(), "--bootstrap-servers=" + TestInfra.get().bootstrapServers());

        // Then it exits 0 and prints the counts
        assertThat(exit).as(text(err)).isEqualTo(AuditorCli.CLEAN);
        assertThat(text(out)).startsWith("audit: no violation (checked ")
            .contains(CheckedNames.RECORDS + "=1, ")
            .contains("payment_ledger=1, ")
            .contains(CheckedNames.LEDGER_ROWS_CHECKED + "=1, ");
    }

    @Test
    void aRefundUnsettledPastTheRefundQueryBudgetExitsOneUnlessTheBudgetIsLonger() {
        // Given money paid after a close (its refund task) and a refund of it accepted 9
        // h
        // ago, never final and never alerted; nothing on order.paid (that topic is the
        // first test's), so the audit is scoped to these orders
        History history = new History(db.jdbc(), null, "CLIR-");
        History.Order closed = history.order("CLOSED", 1_000);
        String trade = history.trade();
        history.refundTask(closed, trade, 0, "PAID_AFTER_CLOSE", 1_000);
        history.refund(closed, trade, 1_000, "ACCEPTED", Instant.now().minus(History.OLDER_THAN_REFUND_BUDGET),
                "5030-cli");

        // When the command audits it with the default budget (8h), then with 10h
        String[] scoped = { "--jdbc-url=" + db.url(), "--bootstrap-servers=" + TestInfra.get().bootstrapServers(),
                "--out-trade-no-prefix=CLIR-" };
        int byDefault = run(scoped);
        String defaultOutput = text(out);
        int patient = run(scoped[0], scoped[1], scoped[2], "--refund-query-budget=10h");

        // Then the first exits 1 naming the refund, the second 0
        assertThat(byDefault).as(defaultOutput + text(err)).isEqualTo(AuditorCli.VIOLATION);
        assertThat(defaultOutput)
            .startsWith("VIOLATION REFUND_FINAL_OR_ALERTED: a refund neither final nor alerted PT8H after it was made")
            .contains("audit of out_trade_no CLIR-*: 1 violation(s)");
        assertThat(patient).as(text(out) + text(err)).isEqualTo(AuditorCli.CLEAN);
    }

    @Test
    void aClusterThatDoesNotAnswerExitsOneWithinTheConnectTimeout() throws IOException {
        // Given bootstrap servers where no broker listens
        String nobody = "127.0.0.1:" + closedPort();

        // When the command audits with a 2 s connect timeout
        long started = System.nanoTime();
        int exit = run("--jdbc-url=" + db.url(), "--bootstrap-servers=" + nobody, "--connect-timeout=2s");

        // Then it exits 1 soon, naming the topic read as the violation
        assertThat(exit).isEqualTo(AuditorCli.VIOLATION);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
        assertThat(text(out)).startsWith("VIOLATION TOPIC_READ_COMPLETE: ")
            .contains("reason=no answer from " + nobody + " within PT2S")
            .contains("audit: 1 violation(s)");
    }

    @Test
    void badArgumentsExitTwo() {
        // When the command gets an option without a value, or no connection settings at
        // all
        int malformed = run("--retry-budget");
        int missing = AuditorCli.run(new String[0], Map.of(), new PrintStream(out), new PrintStream(err));
        int badDuration = run("--jdbc-url=" + db.url(), "--bootstrap-servers=x:1", "--read-timeout=soon");
        int badRefundBudget = run("--jdbc-url=" + db.url(), "--bootstrap-servers=x:1", "--refund-query-budget=later");

        // Then it exits 2 each time, with a usage line
        assertThat(malformed).isEqualTo(AuditorCli.BAD_ARGUMENTS);
        assertThat(missing).isEqualTo(AuditorCli.BAD_ARGUMENTS);
        assertThat(badDuration).isEqualTo(AuditorCli.BAD_ARGUMENTS);
        assertThat(badRefundBudget).isEqualTo(AuditorCli.BAD_ARGUMENTS);
        assertThat(text(err)).contains("usage: --jdbc-url=")
            .contains("give --jdbc-url and --bootstrap-servers")
            .contains("durations look like 4h, 15s, 2m or 500ms: soon")
            .contains("durations look like 4h, 15s, 2m or 500ms: later");
        assertThat(text(out)).isEmpty();
    }

    @Test
    void aDatabaseThatDoesNotAnswerExitsThree() throws IOException {
        // Given a JDBC URL where no database listens
        String url = "jdbc:mysql://127.0.0.1:" + closedPort() + "/paypipe?connectTimeout=1000";

        // When the command audits it
        int exit = run("--jdbc-url=" + url, "--bootstrap-servers=" + TestInfra.get().bootstrapServers(),
                "--connect-timeout=2s");

        // Then it exits 3 and says so, without a report
        assertThat(exit).isEqualTo(AuditorCli.DATABASE_UNREADABLE);
        assertThat(text(err)).startsWith("audit: cannot read the database " + url);
        assertThat(text(out)).isEmpty();
    }

    private int run(String... args) {
        return AuditorCli.run(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

}
