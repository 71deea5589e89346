package io.paypipe.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One figure over the repeats of a phase: every value in the order measured, their median
 * (the mean of the middle two for an even count) and their range.
 */
public record Spread(List<Double> values, double median, double min, double max) {

    public Spread {
        values = List.copyOf(values);
    }

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a spread of no values");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Spread(values, median, sorted.get(0), sorted.get(n - 1));
    }

}
