package io.paypipe.sandbox.bill;

import java.nio.file.Path;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The bills' settings ({@code sandbox.bills.*}).
 *
 * @param currentDayBilled serve the bill of today (in each channel's zone) as it stands,
 * which no real channel does: the demo reconciles the day it paid
 * @param settlementsFile where the settlements the bills are built from are kept across
 * restarts (one JSON line each, read at the start); not set: in memory only.
 * {@code ./paypipe run} sets {@code var/sandbox-settlements.jsonl}, beside the database
 * whose payments they are
 */
@ConfigurationProperties("sandbox.bills")
record BillSandboxProperties(@DefaultValue("false") boolean currentDayBilled, Path settlementsFile) {

    /** {@link #settlementsFile()}, if set. */
    Optional<Path> settlementsFileIfSet() {
        return Optional.ofNullable(settlementsFile);
    }

}
