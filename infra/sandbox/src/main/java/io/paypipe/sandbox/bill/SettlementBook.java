package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every movement of money the sandbox's channels made ({@link Settlement}), recorded by
 * each channel's payments and refunds as they succeed (and by the bill scenarios' control
 * endpoint for what the product never heard of): the bills are built from it, so a bill
 * lists what the sandbox actually paid and refunded.
 * <p>
 * In memory ({@link #SettlementBook()}), or also in a file ({@link #persistedIn(Path)},
 * {@code sandbox.bills.settlements-file}): each settlement appended as it is recorded,
 * the file read back at the start, so that the bills after a restart still list what was
 * paid before it, like the product's database does ({@code ./paypipe run} keeps both
 * under {@code var/}).
 */
public final class SettlementBook implements Closeable {

    private final ConcurrentLinkedQueue<Settlement> settlements = new ConcurrentLinkedQueue<>();

    private final Optional<SettlementFile> file;

    /** A book in memory only. */
    public SettlementBook() {
        this.file = Optional.empty();
    }

    private SettlementBook(SettlementFile file, List<Settlement> loaded) {
        this.file = Optional.of(file);
        this.settlements.addAll(loaded);
    }

    /**
     * A book holding the settlements of {@code path} (none when it does not exist yet),
     * appending each one recorded to it.
     * @throws IllegalStateException when a line of the file is not a settlement: the
     * sandbox does not start with bills shorter than what it paid
     */
    public static SettlementBook persistedIn(Path path) {
        List<Settlement> loaded = SettlementFile.load(path);
        return new SettlementBook(SettlementFile.open(path), loaded);
    }

    /**
     * Records {@code settlement}; with a file, written to it first (a settlement the file
     * could not take is not recorded and the call fails).
     */
    public void record(Settlement settlement) {
        Objects.requireNonNull(settlement, "settlement");
        file.ifPresent(f -> f.append(settlement));
        settlements.add(settlement);
    }

    /**
     * The settlements of {@code merchantId} at {@code channel} in {@code [from, to)}, in
     * the order they happened.
     */
    public List<Settlement> of(Channel channel, String merchantId, Instant from, Instant to) {
        List<Settlement> found = new ArrayList<>();
        for (Settlement settlement : settlements) {
            if (settlement.channel() == channel && settlement.merchantId().equals(merchantId)
                    && !settlement.at().isBefore(from) && settlement.at().isBefore(to)) {
                found.add(settlement);
            }
        }
        found.sort(Comparator.comparing(Settlement::at));
        return found;
    }

    /** How many settlements the book holds (those read from its file included). */
    public int size() {
        return settlements.size();
    }

    /** The file the book appends to, if any. */
    public Optional<Path> file() {
        return file.map(SettlementFile::path);
    }

    /** Closes the file, if any. */
    @Override
    public void close() throws IOException {
        if (file.isPresent()) {
            file.get().close();
        }
    }

}
