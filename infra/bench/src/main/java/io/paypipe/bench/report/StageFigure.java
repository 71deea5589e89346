package io.paypipe.bench.report;

import java.util.Optional;

/**
 * One row of the Stages table: a figure of one stage over the repeats, its target from
 * issue 15 if it has one, and the product's CPU per unit of that stage's work.
 *
 * @param ratio the measured value over the target: the median's, or for a target every
 * repeat must meet, the worst repeat's; 0 without a target
 * @param met the target was met (true without a target)
 */
public record StageFigure(String stage, String unit, Spread measured, Optional<Target> target, double ratio,
        boolean met, Optional<Spread> cpuMsPerUnit) {

    /**
     * A target: at least or at most {@code value}, by the median or in every repeat.
     *
     * @param atLeast {@code >=} (a rate) or {@code <=} (a latency)
     * @param text how the page says it, e.g. {@code >= 0.35 x JDBC floor}
     */
    public record Target(boolean atLeast, double value, boolean eachRepeat, String text) {

        public static Target atLeast(double value, String text) {
            return new Target(true, value, false, text);
        }

        public static Target atMostEachRepeat(double value, String text) {
            return new Target(false, value, true, text);
        }

    }

    public static StageFigure of(String stage, String unit, Spread measured, Optional<Target> target,
            Optional<Spread> cpuMsPerUnit) {
        if (target.isEmpty()) {
            return new StageFigure(stage, unit, measured, target, 0, true, cpuMsPerUnit);
        }
        Target t = target.get();
        double judged = !t.eachRepeat() ? measured.median() : t.atLeast() ? measured.min() : measured.max();
        double ratio = t.value() == 0 ? 0 : Math.round(judged / t.value() * 1000) / 1000.0;
        boolean met = t.atLeast() ? judged >= t.value() : judged <= t.value();
        return new StageFigure(stage, unit, measured, target, ratio, met, cpuMsPerUnit);
    }

    public static StageFigure of(String stage, String unit, Spread measured) {
        return of(stage, unit, measured, Optional.empty(), Optional.empty());
    }

}
