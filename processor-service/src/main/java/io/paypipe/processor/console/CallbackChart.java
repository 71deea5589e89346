package io.paypipe.processor.console;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The callbacks-per-minute chart as table bars: one bar per minute, channel and outcome,
 * its width a share of the busiest bar, and the window's totals per channel and outcome.
 */
record CallbackChart(List<Bar> bars, List<Total> totals, long max) {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

    record Bar(String minute, String channel, String outcome, long callbacks, int widthPercent) {
    }

    record Total(String channel, String outcome, long callbacks) {
    }

    static CallbackChart of(List<ConsoleQueries.MinuteCount> counts) {
        long max = counts.stream().mapToLong(ConsoleQueries.MinuteCount::callbacks).max().orElse(0);
        List<Bar> bars = counts.stream()
            .map((c) -> new Bar(minute(c.minuteAt()), c.channel(), c.outcome(), c.callbacks(),
                    (int) Math.max(1, Math.round(100.0 * c.callbacks() / Math.max(1, max)))))
            .toList();
        Map<String, Long> sums = counts.stream()
            .collect(Collectors.groupingBy((c) -> c.channel() + " " + c.outcome(), TreeMap::new,
                    Collectors.summingLong(ConsoleQueries.MinuteCount::callbacks)));
        List<Total> totals = sums.entrySet()
            .stream()
            .map((e) -> new Total(e.getKey().split(" ", 2)[0], e.getKey().split(" ", 2)[1], e.getValue()))
            .toList();
        return new CallbackChart(bars, totals, max);
    }

    private static String minute(Instant at) {
        return MINUTE.format(at);
    }

}
