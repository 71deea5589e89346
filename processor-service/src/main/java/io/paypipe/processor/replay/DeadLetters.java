package io.paypipe.processor.replay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.stereotype.Component;

/**
 * Reads the dead-letter topic from the beginning to its end as of the call, with an
 * assigned consumer (no group, no commits), so looking never moves anything.
 */
@Component
class DeadLetters {

    private static final Duration POLL = Duration.ofMillis(500);

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private final ReplayConfig.DeadLetterClients clients;

    DeadLetters(ReplayConfig.DeadLetterClients clients) {
        this.clients = clients;
    }

    List<DeadLetter> list(DeadLetterFilter filter) {
        try (Consumer<byte[], byte[]> consumer = clients.reader()) {
            List<TopicPartition> partitions = partitions(consumer);
            if (partitions.isEmpty()) {
                return List.of();
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<DeadLetter> found = new ArrayList<>();
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (!reachedEnd(consumer, end) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
                    if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
                        DeadLetter d = DeadLetter.from(r);
                        if (filter.matches(d)) {
                            found.add(d);
                        }
                    }
                }
            }
            return found;
        }
    }

    Optional<DeadLetter> find(int partition, long offset) {
        try (Consumer<byte[], byte[]> consumer = clients.reader()) {
            TopicPartition tp = new TopicPartition(ReplayConfig.DEAD_LETTER_TOPIC, partition);
            if (partitions(consumer).stream().noneMatch(tp::equals) || offset < 0) {
                return Optional.empty();
            }
            consumer.assign(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long begin = consumer.beginningOffsets(List.of(tp)).get(tp);
            if (offset >= end || offset < begin) {
                return Optional.empty();
            }
            consumer.seek(tp, offset);
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (consumer.position(tp) <= offset && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
                    if (r.offset() == offset) {
                        return Optional.of(DeadLetter.from(r));
                    }
                }
            }
            return Optional.empty();
        }
    }

    private static List<TopicPartition> partitions(Consumer<byte[], byte[]> consumer) {
        var infos = consumer.partitionsFor(ReplayConfig.DEAD_LETTER_TOPIC, Duration.ofSeconds(10));
        return infos == null ? List.of()
                : infos.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
    }

    private static boolean reachedEnd(Consumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

}
