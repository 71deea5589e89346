package io.paypipe.processor.transition;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.logging.LogFields;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * What the batch path of {@code payment.notify} counts
 * ({@code paypipe.processor.batch.records{path}}): the records it applied together in one
 * transaction ({@code together}), the records it applied one by one ({@code one-by-one}:
 * a small poll, or a batch whose transaction failed), and of those the ones of a failed
 * batch ({@code fallback}), so that a fast path that keeps falling back shows.
 */
final class BatchMeters {

    private final Counter together;

    private final Counter oneByOne;

    private final Counter fallback;

    BatchMeters(MeterRegistry registry) {
        this.together = counter(registry, "together");
        this.oneByOne = counter(registry, "one-by-one");
        this.fallback = counter(registry, "fallback");
    }

    private static Counter counter(MeterRegistry registry, String path) {
        return Counter.builder("paypipe.processor.batch.records")
            .description("payment.notify records applied by the batch listener, by path")
            .tag("path", path)
            .register(registry);
    }

    void together(int records) {
        together.increment(records);
    }

    void oneByOne(int records) {
        oneByOne.increment(records);
    }

    void fellBack(int records) {
        fallback.increment(records);
    }

    /**
     * {@code line} with a batch's fields: the topic, partition and offset of its first
     * record, its number of records (its other partitions are in the message's
     * {@link #coordinates}).
     */
    static LoggingEventBuilder withBatch(LoggingEventBuilder line, List<? extends ConsumerRecord<?, ?>> records) {
        if (records.isEmpty()) {
            return line;
        }
        ConsumerRecord<?, ?> first = records.get(0);
        return line.addKeyValue(LogFields.TOPIC, first.topic())
            .addKeyValue(LogFields.PARTITION, first.partition())
            .addKeyValue(LogFields.OFFSET, first.offset())
            .addKeyValue(LogFields.RECORDS, records.size());
    }

    /**
     * {@code payment.notify-3@120..131, payment.notify-4@7}: where a batch's records are.
     */
    static String coordinates(List<? extends ConsumerRecord<?, ?>> records) {
        var out = new StringBuilder();
        int from = 0;
        for (int i = 1; i <= records.size(); i++) {
            if (i == records.size() || records.get(i).partition() != records.get(from).partition()
                    || !records.get(i).topic().equals(records.get(from).topic())) {
                ConsumerRecord<?, ?> first = records.get(from);
                out.append(out.isEmpty() ? "" : ", ")
                    .append(first.topic())
                    .append('-')
                    .append(first.partition())
                    .append('@')
                    .append(first.offset());
                if (i - 1 > from) {
                    out.append("..").append(records.get(i - 1).offset());
                }
                from = i;
            }
        }
        return out.toString();
    }

}
