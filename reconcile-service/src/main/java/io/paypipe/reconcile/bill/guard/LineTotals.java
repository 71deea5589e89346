package io.paypipe.reconcile.bill.guard;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A sink decorator that sums the lines a parser hands on, then passes each line to the
 * next sink: per {@link Kind} the count and the amounts in minor units per currency, the
 * fees of all lines per currency (signed: a WeChat refund line's fee is negative), and
 * how many lines fall outside the bill's day by more than the grace (with the first such
 * line). Holds sums only, never the lines: a million-line bill stays streamed. Not thread
 * safe (a parser calls it from one thread).
 */
public class LineTotals implements Consumer<BillLine> {

    private final BillDay day;

    private final Instant earliest;

    private final Instant latest;

    private final Consumer<BillLine> next;

    private final Map<Kind, Long> counts = new EnumMap<>(Kind.class);

    private final Map<Kind, Map<String, Long>> amounts = new EnumMap<>(Kind.class);

    private final Map<String, Long> fees = new TreeMap<>();

    private long outsideDay;

    private Optional<BillLine> firstOutside = Optional.empty();

    /**
     * @param day the bill's day, bounded in its channel's zone
     * @param grace how far outside the day a line may be and still be the day's
     * @param next the sink the lines go on to
     */
    public LineTotals(BillDay day, Duration grace, Consumer<BillLine> next) {
        this.day = Objects.requireNonNull(day, "day");
        this.earliest = day.start().minus(grace);
        this.latest = day.end().plus(grace);
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void accept(BillLine line) {
        counts.merge(line.kind(), 1L, Math::addExact);
        add(amounts.computeIfAbsent(line.kind(), (k) -> new TreeMap<>()), line.amount());
        add(fees, line.fee());
        Instant at = line.occurredAt();
        if (at.isBefore(earliest) || !at.isBefore(latest)) {
            outsideDay++;
            if (firstOutside.isEmpty()) {
                firstOutside = Optional.of(line);
            }
        }
        next.accept(line);
    }

    private static void add(Map<String, Long> sums, Money money) {
        sums.merge(money.currency(), money.minor(), Math::addExact);
    }

    public BillDay day() {
        return day;
    }

    /** All lines seen. */
    public long lines() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public long count(Kind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    /** The summed amounts of the kind's lines, minor units per currency. */
    public Map<String, Long> amounts(Kind kind) {
        return Map.copyOf(amounts.getOrDefault(kind, Map.of()));
    }

    /** The summed fees of all lines, minor units per currency. */
    public Map<String, Long> fees() {
        return Map.copyOf(fees);
    }

    /** Lines whose time is outside the day by more than the grace. */
    public long outsideDay() {
        return outsideDay;
    }

    /** The first line outside the day, for the reason's detail. */
    public Optional<BillLine> firstOutside() {
        return firstOutside;
    }

}
