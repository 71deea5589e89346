package io.paypipe.auditor;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code ./paypipe audit}: prints every violation with its rows and exits 1 when there is one, 0 when there is
 * none, 2 on bad arguments. Connection settings from the ordinary variables ({@code SPRING_DATASOURCE_URL},
 * {@code SPRING_DATASOURCE_USERNAME}, {@code SPRING_DATASOURCE_PASSWORD}, {@code SPRING_KAFKA_BOOTSTRAP_SERVERS})
 * or options {@code --jdbc-url= --user= --password= --bootstrap-servers= --retry-budget=4h}.
 */
public final class AuditorCli {

    private AuditorCli() {
    }

    public static void main(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                System.err.println("usage: --jdbc-url=... --user=... --password=... --bootstrap-servers=... [--retry-budget=4h]");
                System.exit(2);
            }
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        String url = options.getOrDefault("jdbc-url", System.getenv("SPRING_DATASOURCE_URL"));
        String kafka = options.getOrDefault("bootstrap-servers", System.getenv("SPRING_KAFKA_BOOTSTRAP_SERVERS"));
        if (url == null || kafka == null) {
            System.err.println("audit: give --jdbc-url and --bootstrap-servers (or SPRING_DATASOURCE_URL, SPRING_KAFKA_BOOTSTRAP_SERVERS)");
            System.exit(2);
        }
        Duration budget = options.containsKey("retry-budget")
                ? Duration.parse("PT" + options.get("retry-budget").toUpperCase()) : Auditor.DEFAULT_RETRY_BUDGET;
        try (var ds = new HikariDataSource()) {
            ds.setJdbcUrl(url);
            ds.setUsername(options.getOrDefault("user", System.getenv().getOrDefault("SPRING_DATASOURCE_USERNAME", "root")));
            ds.setPassword(options.getOrDefault("password", System.getenv().getOrDefault("SPRING_DATASOURCE_PASSWORD", "")));
            ds.setMaximumPoolSize(2);
            AuditReport report = new Auditor(ds, kafka, Clock.systemUTC()).audit(budget);
            System.out.print(report.render());
            System.exit(report.clean() ? 0 : 1);
        }
    }
}
