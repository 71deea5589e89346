package io.paypipe.downstream.batch;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.springframework.kafka.support.KafkaUtils;

/**
 * The one line a batch leaves at INFO (WARN when it fell back to the per-record path),
 * e.g. {@code warehouse: batch of 4 records (order.paid-3@10..13): 2 applied, 1 already
 * applied, 1 repeated in the batch; one transaction, 12 ms}. Ids and offsets only.
 */
final class BatchSummary {

    private BatchSummary() {
    }

    static void log(Logger log, String consumer, List<? extends ConsumerRecord<?, ?>> readable, BatchResult result,
            Optional<ConsumerRecord<?, ?>> unreadable, long millis) {
        String how = result.fellBackBecause().map(why -> "per record after " + why).orElse("one transaction");
        String then = unreadable
            .map(r -> "; then unreadable record " + KafkaUtils.format(r) + " left to the error handler")
            .orElse("");
        Object[] args = { consumer, result.events(), offsets(readable), result.applied(), result.alreadyApplied(),
                result.repeatedInBatch(), how, millis, then };
        String format = "{}: batch of {} records ({}): {} applied, {} already applied, {} repeated in the batch; {}, {} ms{}";
        if (result.fellBackBecause().isPresent()) {
            log.warn(format, args);
        }
        else {
            log.info(format, args);
        }
    }

    /** How the DEBUG line of one record says its outcome. */
    static String words(EventOutcome outcome) {
        return switch (outcome) {
            case APPLIED -> "applied";
            case ALREADY_APPLIED -> "already applied, skipped";
            case REPEATED_IN_BATCH -> "repeated in the batch, skipped";
        };
    }

    /**
     * {@code order.paid-3@10..13, order.paid-5@7..7}: each partition's first and last
     * offset.
     */
    private static String offsets(List<? extends ConsumerRecord<?, ?>> records) {
        Map<String, long[]> ranges = new LinkedHashMap<>();
        for (ConsumerRecord<?, ?> r : records) {
            long[] range = ranges.computeIfAbsent(r.topic() + "-" + r.partition(),
                    p -> new long[] { r.offset(), r.offset() });
            range[0] = Math.min(range[0], r.offset());
            range[1] = Math.max(range[1], r.offset());
        }
        return ranges.entrySet()
            .stream()
            .map(e -> e.getKey() + "@" + e.getValue()[0] + ".." + e.getValue()[1])
            .collect(Collectors.joining(", "));
    }

}
