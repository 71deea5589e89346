package io.paypipe.bench.backlog;

import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.embedded.TestInfra;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;

/**
 * Manual full-size run (not a test): the embedded broker of {@link TestInfra} and the
 * database of {@code PAYPIPE_BENCH_JDBC_URL} (default
 * {@code jdbc:mysql://127.0.0.1:3306/test}, root, empty password). Arguments:
 * {@code [dueRecords [backlog...]]}, default 1000 and 0 10000 100000; system property
 * {@code bench.seekAfterError=true} re-polls after every failed record as spring-kafka
 * does by default.
 */
public final class BacklogCostRun {

    private BacklogCostRun() {
    }

    public static void main(String[] args) {
        String url = System.getenv()
            .getOrDefault("PAYPIPE_BENCH_JDBC_URL",
                    "jdbc:mysql://127.0.0.1:3306/test?useSSL=false&allowPublicKeyRetrieval=true&rewriteBatchedStatements=true");
        try (HikariDataSource ds = new HikariDataSource()) {
            ds.setJdbcUrl(url);
            ds.setUsername("root");
            ds.setPassword("");
            ds.setMaximumPoolSize(3);
            var defaults = BacklogCost.Settings.defaults(ds, TestInfra.get().bootstrapServers());
            int due = args.length > 0 ? Integer.parseInt(args[0]) : defaults.dueRecords();
            List<Integer> backlogs = args.length > 1 ? Arrays.stream(args).skip(1).map(Integer::valueOf).toList()
                    : defaults.backlogs();
            var settings = new BacklogCost.Settings(ds, defaults.bootstrapServers(), backlogs, due,
                    defaults.scanLimit(), defaults.scanInterval(), Boolean.getBoolean("bench.seekAfterError"));
            PrintStream progress = new PrintStream(new TimestampedLines(System.out), true, StandardCharsets.UTF_8);
            List<BacklogCost.Row> rows = BacklogCost.measure(settings, progress);
            System.out.print(BacklogCost.render(rows));
        }
        System.exit(0);
    }

    /** Prefixes each line with the time of day. */
    private static final class TimestampedLines extends OutputStream {

        private final PrintStream out;

        private boolean lineStart = true;

        TimestampedLines(PrintStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            if (lineStart) {
                out.print(LocalTime.now() + " ");
            }
            out.write(b);
            lineStart = b == '\n';
        }

    }

}
