package io.paypipe.processor.console;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The operator console's settings ({@code processor.console.*}).
 *
 * @param rows the most rows a console table shows (newest or oldest first, as the page
 * says)
 * @param replaysPerMinute the most replay actions one signed-in account may take in any
 * minute (per processor instance; a dry run is not counted)
 * @param chartWindow how far back the callbacks-per-minute chart reaches
 */
@ConfigurationProperties("processor.console")
public record ConsoleProperties(@DefaultValue("100") int rows, @DefaultValue("5") int replaysPerMinute,
        @DefaultValue("1h") Duration chartWindow) {

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
    }

}
