package io.paypipe.processor.console;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.core.env.Environment;

/**
 * The operator console's settings ({@code processor.console.*}).
 *
 * @param enabled false: no console pages (and no console account needed)
 * @param rows the most rows a console table shows (newest or oldest first, as the page
 * says)
 * @param replaysPerMinute the most replay actions one signed-in account may take in any
 * minute (per processor instance; a dry run is not counted)
 * @param chartWindow how far back the callbacks-per-minute chart reaches
 * @param refundUrl refund-service's API, where the console's refund action goes
 * ({@code POST /refunds})
 * @param reconcileUrl reconcile-service's API, where a difference's ignore and correct go
 * ({@code POST /recon/diffs/{id}/ignore}, {@code /correct})
 * @param ingressUrl ingress-service's API (its one port, callbacks and {@code /ops/**}),
 * where the re-derive page goes ({@code POST /ops/rederive})
 * @param callTimeout how long the console waits for one of them (a refund waits for the
 * channel's answer)
 * @param account the console's service account on those services (their role CONSOLE): it
 * names the signed-in person in {@code X-Paypipe-On-Behalf-Of}
 */
@ConfigurationProperties("processor.console")
public record ConsoleProperties(@DefaultValue("true") boolean enabled, @DefaultValue("100") int rows,
        @DefaultValue("5") int replaysPerMinute, @DefaultValue("1h") Duration chartWindow,
        @DefaultValue("http://localhost:8084") URI refundUrl, @DefaultValue("http://localhost:8083") URI reconcileUrl,
        @DefaultValue("http://localhost:8081") URI ingressUrl, @DefaultValue("30s") Duration callTimeout,
        @DefaultValue Account account) {

    public static final String ENABLED = "processor.console.enabled";

    public ConsoleProperties {
        if (rows < 1 || rows > 1000) {
            throw new IllegalArgumentException("processor.console.rows is 1 to 1000, not " + rows);
        }
        if (replaysPerMinute < 1) {
            throw new IllegalArgumentException("processor.console.replays-per-minute is at least 1");
        }
        if (chartWindow.isNegative() || chartWindow.isZero() || chartWindow.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("processor.console.chart-window is more than 0 and at most 24h");
        }
        if (!callTimeout.isPositive()) {
            throw new IllegalArgumentException("processor.console.call-timeout must be positive");
        }
        account = (account != null) ? account : new Account(null, null);
    }

    /**
     * The console's service account.
     *
     * @param name its name on refund-service, reconcile-service and ingress-service
     * (configured there with the role CONSOLE)
     * @param password its password (those services keep only its bcrypt hash)
     */
    public record Account(String name, String password) {

        boolean configured() {
            return name != null && !name.isBlank() && password != null && !password.isBlank();
        }

        @Override
        public String toString() {
            return "Account[name=" + name + ", password=" + (password == null ? "none" : "(set)") + "]";
        }

    }

    /**
     * Under the profile prod: a console that is on needs its service account, or the
     * start stops naming the variables (a refund or a difference's handling would
     * otherwise fail on every click with nobody told at deploy time).
     * @throws IllegalStateException when it is on and the account's name or password is
     * not set
     */
    public static void requireAccount(Environment environment) {
        boolean on = environment.getProperty(ENABLED, Boolean.class, true);
        String name = environment.getProperty("processor.console.account.name");
        String password = environment.getProperty("processor.console.account.password");
        if (on && !new Account(name, password).configured()) {
            throw new IllegalStateException(MISSING);
        }
    }

    static final String MISSING = "The console is on (" + ENABLED + ") and its service account is not set:"
            + " PROCESSOR_CONSOLE_ACCOUNT_NAME and PROCESSOR_CONSOLE_ACCOUNT_PASSWORD (processor.console.account.name,"
            + " .password; the same account with the role CONSOLE on refund-service, reconcile-service and"
            + " ingress-service;" + " docs/deployment.md), or set PROCESSOR_CONSOLE_ENABLED=false";

}
