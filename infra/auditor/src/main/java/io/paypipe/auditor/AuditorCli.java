package io.paypipe.auditor;

import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.dao.DataAccessException;

/**
 * {@code ./paypipe audit}: prints every violation with its rows and exits 1 when there is
 * one (a topic read that did not reach the end is one), 0 when there is none, 2 on bad
 * arguments, 3 when the database cannot be read. Connection settings from the ordinary
 * variables ({@code SPRING_DATASOURCE_URL}, {@code SPRING_DATASOURCE_USERNAME},
 * {@code SPRING_DATASOURCE_PASSWORD}, {@code SPRING_KAFKA_BOOTSTRAP_SERVERS}) or options
 * {@code --jdbc-url= --user=
 * --password= --bootstrap-servers=}; {@code --retry-budget=4h},
 * {@code --refund-query-budget=8h}, {@code --connect-timeout=15s},
 * {@code --read-timeout=2m}, {@code --out-trade-no-prefix=} (audit only those orders).
 */
public final class AuditorCli {

    static final int CLEAN = 0;
    static final int VIOLATION = 1;
    static final int BAD_ARGUMENTS = 2;
    static final int DATABASE_UNREADABLE = 3;

    private static final String USAGE = "usage: --jdbc-url=... --user=... --password=... --bootstrap-servers=... "
            + "[--retry-budget=4h] [--refund-query-budget=8h] [--connect-timeout=15s] [--read-timeout=2m] "
            + "[--out-trade-no-prefix=...]";

    private AuditorCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                err.println(USAGE);
                return BAD_ARGUMENTS;
            }
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        String url = options.getOrDefault("jdbc-url", env.get("SPRING_DATASOURCE_URL"));
        String kafka = options.getOrDefault("bootstrap-servers", env.get("SPRING_KAFKA_BOOTSTRAP_SERVERS"));
        if (url == null || kafka == null) {
            err.println(
                    "audit: give --jdbc-url and --bootstrap-servers (or SPRING_DATASOURCE_URL, SPRING_KAFKA_BOOTSTRAP_SERVERS)");
            return BAD_ARGUMENTS;
        }
        Duration budget;
        Duration refundBudget;
        Duration connect;
        Duration read;
        try {
            budget = duration(options.get("retry-budget"), Auditor.DEFAULT_RETRY_BUDGET);
            refundBudget = duration(options.get("refund-query-budget"), Auditor.DEFAULT_REFUND_QUERY_BUDGET);
            connect = duration(options.get("connect-timeout"), Auditor.DEFAULT_CONNECT_TIMEOUT);
            read = duration(options.get("read-timeout"), Auditor.DEFAULT_READ_TIMEOUT);
        }
        catch (DateTimeParseException e) {
            err.println("audit: durations look like 4h, 15s, 2m or 500ms: " + e.getParsedString());
            return BAD_ARGUMENTS;
        }
        String prefix = options.getOrDefault("out-trade-no-prefix", "");
        AuditScope scope = prefix.isEmpty() ? AuditScope.ALL : AuditScope.outTradeNoPrefix(prefix);
        try (var ds = new HikariDataSource()) {
            ds.setJdbcUrl(url);
            ds.setUsername(options.getOrDefault("user", env.getOrDefault("SPRING_DATASOURCE_USERNAME", "root")));
            ds.setPassword(options.getOrDefault("password", env.getOrDefault("SPRING_DATASOURCE_PASSWORD", "")));
            ds.setMaximumPoolSize(2);
            ds.setConnectionTimeout(connect.toMillis());
            AuditReport report = new Auditor(ds, kafka, Clock.systemUTC()).withTimeouts(connect, read)
                .withRefundQueryBudget(refundBudget)
                .audit(scope, budget);
            out.print(report.render());
            return report.clean() ? CLEAN : VIOLATION;
        }
        catch (DataAccessException | com.zaxxer.hikari.pool.HikariPool.PoolInitializationException e) {
            err.println("audit: cannot read the database " + url + ": " + e.getMessage());
            return DATABASE_UNREADABLE;
        }
    }

    /** {@code 4h}, {@code 15s}, {@code 2m}, {@code 500ms} or an ISO-8601 duration. */
    static Duration duration(String text, Duration fallback) {
        if (text == null) {
            return fallback;
        }
        String t = text.trim().toUpperCase(Locale.ROOT);
        try {
            return t.endsWith("MS") ? Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)))
                    : Duration.parse(t.startsWith("P") ? t : "PT" + t);
        }
        catch (NumberFormatException | DateTimeParseException e) {
            throw new DateTimeParseException("not a duration", text, 0);
        }
    }

}
