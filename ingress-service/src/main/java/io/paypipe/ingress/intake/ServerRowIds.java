package io.paypipe.ingress.intake;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's {@link RowIds}, as last asked: at the first group, again once
 * {@link #REASK} has passed, and at the next group after one the database failed.
 * {@code innodb_autoinc_lock_mode} cannot change while a server runs, but a server
 * restarted (or failed over to) may have another one; a restart fails the statements of
 * the pool's busy connections first, and a quiet ingress forms no groups.
 */
final class ServerRowIds implements Supplier<RowIds> {

    static final Duration REASK = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(ServerRowIds.class);

    private record Asked(RowIds ids, long atNanos, boolean stale) {
    }

    private final Supplier<RowIds> ask;

    private final LongSupplier nanos;

    private volatile Optional<Asked> last = Optional.empty();

    ServerRowIds(Supplier<RowIds> ask, LongSupplier nanos) {
        this.ask = ask;
        this.nanos = nanos;
    }

    /** Asks the server through {@code rows}. */
    static ServerRowIds of(PaymentRawRepository rows) {
        return new ServerRowIds(rows::rowIds, System::nanoTime);
    }

    /** Fails as the database fails when it must ask and cannot. */
    @Override
    public RowIds get() {
        Optional<Asked> known = last;
        long now = nanos.getAsLong();
        if (known.isPresent() && !known.get().stale() && now - known.get().atNanos() < REASK.toNanos()) {
            return known.get().ids();
        }
        RowIds ids = ask.get();
        if (known.map(k -> k.ids() != ids).orElse(true)) {
            log.info("raw-row groups take their rows' ids from {}", switch (ids) {
                case GENERATED -> "the INSERT's generated keys (innodb_autoinc_lock_mode 0 or 1)";
                case READ_BACK -> "a SELECT after the INSERT (innodb_autoinc_lock_mode 2: ids may interleave)";
            });
        }
        last = Optional.of(new Asked(ids, now, false));
        return ids;
    }

    /** The next group asks the server again. */
    void forget() {
        last = last.map(known -> new Asked(known.ids(), known.atNanos(), true));
    }

}
