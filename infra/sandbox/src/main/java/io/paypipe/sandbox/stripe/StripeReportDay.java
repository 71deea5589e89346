package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.BillZones;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the balance reports of one account's interval list, as the {@link BillScenario}
 * armed for its UTC day says (an interval that is not exactly one UTC day is
 * {@link BillScenario#COMPLETE}): the settlements of the itemized report and those the
 * summary report sums. Taken when a report run succeeds (a snapshot of the
 * {@link SettlementBook}; a {@link BillScenario#GENERATED} day is only its line count,
 * its lines are made again at every reading).
 * <ul>
 * <li>{@code COMPLETE}, {@code ERROR_PAGE}, {@code ERROR_JSON}, {@code TRUNCATED},
 * {@code NO_SUMMARY}, {@code SUMMARY_DISAGREES}: the interval's settlements in both (the
 * download and summary faults are {@link StripeReportFile}'s and
 * {@link StripeReportApi}'s);</li>
 * <li>{@code SUMMARY_NO_ROWS}: no itemized line, the summary of all;</li>
 * <li>{@code DROP_95}: the settlements at index {@code i % 20 == 0} in both;</li>
 * <li>{@code OTHER_DAY}: the settlements of the day before, with their own times;</li>
 * <li>{@code GENERATED}: {@link StripeGeneratedDay}'s lines in both.</li>
 * </ul>
 */
record StripeReportDay(BillScenario scenario, Iterable<Settlement> itemized, Iterable<Settlement> summarized) {

    private static final Duration ONE_DAY = Duration.ofDays(1);

    static StripeReportDay of(SettlementBook book, BillScenarios scenarios, String account, Instant from, Instant to) {
        BillScenarios.Armed armed = day(from, to).map(day -> scenarios.of(Channel.STRIPE, account, day))
            .orElse(new BillScenarios.Armed(BillScenario.COMPLETE, 0));
        BillScenario scenario = armed.scenario();
        return switch (scenario) {
            case GENERATED -> {
                StripeGeneratedDay generated = new StripeGeneratedDay(account, from, to, armed.generatedLines());
                yield new StripeReportDay(scenario, generated, generated);
            }
            case SUMMARY_NO_ROWS ->
                new StripeReportDay(scenario, List.of(), book.of(Channel.STRIPE, account, from, to));
            case DROP_95 -> {
                List<Settlement> kept = everyTwentieth(book.of(Channel.STRIPE, account, from, to));
                yield new StripeReportDay(scenario, kept, kept);
            }
            case OTHER_DAY -> {
                List<Settlement> before = book.of(Channel.STRIPE, account, from.minus(ONE_DAY), to.minus(ONE_DAY));
                yield new StripeReportDay(scenario, before, before);
            }
            case COMPLETE, SUMMARY_DISAGREES, NO_SUMMARY, ERROR_PAGE, ERROR_JSON, TRUNCATED -> {
                List<Settlement> all = book.of(Channel.STRIPE, account, from, to);
                yield new StripeReportDay(scenario, all, all);
            }
        };
    }

    /**
     * The scenario armed for the interval's day, without taking a snapshot: the summary
     * run of a {@code NO_SUMMARY} day fails.
     */
    static BillScenario scenarioOf(BillScenarios scenarios, String account, Instant from, Instant to) {
        return day(from, to).map(day -> scenarios.of(Channel.STRIPE, account, day).scenario())
            .orElse(BillScenario.COMPLETE);
    }

    /** The interval's UTC day, when it is exactly one. */
    static Optional<LocalDate> day(Instant from, Instant to) {
        LocalDate day = LocalDate.ofInstant(from, ZoneOffset.UTC);
        return from.equals(BillZones.start(Channel.STRIPE, day)) && to.equals(BillZones.end(Channel.STRIPE, day))
                ? Optional.of(day) : Optional.empty();
    }

    private static List<Settlement> everyTwentieth(List<Settlement> all) {
        List<Settlement> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 20) {
            kept.add(all.get(i));
        }
        return kept;
    }

}
