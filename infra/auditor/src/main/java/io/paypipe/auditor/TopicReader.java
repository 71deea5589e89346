package io.paypipe.auditor;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads one topic from its beginning up to the end offsets taken when the read starts
 * (committed records only), with no consumer group, and says whether it got there. Every
 * broker call is bounded by the connect timeout and the whole read by the read timeout,
 * so a wrong cluster fails fast instead of hanging, and never passes silently.
 */
final class TopicReader {

    /**
     * What one read saw. {@code failure} is null when every partition was read to its end
     * offset. The retention horizon is the latest first-kept record time over the
     * partitions whose log start moved past 0 (records before it may have been deleted by
     * retention), truncated to the second: database times may hold whole seconds only, so
     * a row of the same second as the first kept record is judged, never excused.
     * {@code null} when no partition lost records.
     */
    record Result(String topic, String bootstrapServers, long records, Map<Integer, Long> endOffsets,
            Map<Integer, Long> positions, Instant retentionHorizon, String failure) {

        boolean complete() {
            return failure == null;
        }
    }

    private final String bootstrapServers;

    private final String topic;

    private final Duration connectTimeout;

    private final Duration readTimeout;

    TopicReader(String bootstrapServers, String topic, Duration connectTimeout, Duration readTimeout) {
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    /**
     * Hands every record read to {@code each} (value as bytes: an unreadable record is
     * the caller's finding).
     */
    Result read(Consumer<ConsumerRecord<String, byte[]>> each) {
        Map<Integer, Long> end = new TreeMap<>();
        Map<Integer, Long> positions = new TreeMap<>();
        Map<Integer, Instant> firstKept = new TreeMap<>();
        long records = 0;
        try (var consumer = new KafkaConsumer<>(config(), new StringDeserializer(), new ByteArrayDeserializer())) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, connectTimeout);
            if (infos == null || infos.isEmpty()) {
                return failed(records, end, positions, "topic " + topic + " does not exist on " + bootstrapServers
                        + " or has no partitions (wrong cluster?)");
            }
            List<TopicPartition> partitions = infos.stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions, connectTimeout);
            consumer.endOffsets(partitions, connectTimeout).forEach((tp, offset) -> end.put(tp.partition(), offset));
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + readTimeout.toNanos();
            while (!reachedEnd(consumer, partitions, end, positions) && System.nanoTime() - deadline < 0) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    records++;
                    if (begin.get(new TopicPartition(topic, record.partition())) > 0) {
                        firstKept.putIfAbsent(record.partition(),
                                Instant.ofEpochMilli(record.timestamp()).truncatedTo(ChronoUnit.SECONDS));
                    }
                    each.accept(record);
                }
            }
            if (!reachedEnd(consumer, partitions, end, positions)) {
                return failed(records, end, positions,
                        "read timed out after " + readTimeout + " before the end offsets");
            }
            Instant horizon = firstKept.values().stream().max(Instant::compareTo).orElse(null);
            return new Result(topic, bootstrapServers, records, end, positions, horizon, null);
        }
        catch (TimeoutException e) {
            return failed(records, end, positions, "no answer from " + bootstrapServers + " within " + connectTimeout
                    + " (wrong bootstrap servers, or the cluster is down): " + e.getMessage());
        }
        catch (KafkaException e) {
            return failed(records, end, positions, "read failed on " + bootstrapServers + ": " + e);
        }
    }

    private static boolean reachedEnd(KafkaConsumer<String, byte[]> consumer, List<TopicPartition> partitions,
            Map<Integer, Long> end, Map<Integer, Long> positions) {
        boolean all = true;
        for (TopicPartition tp : partitions) {
            long position = consumer.position(tp);
            positions.put(tp.partition(), position);
            all &= position >= end.get(tp.partition());
        }
        return all;
    }

    private Result failed(long records, Map<Integer, Long> end, Map<Integer, Long> positions, String reason) {
        return new Result(topic, bootstrapServers, records, end, positions, null, reason);
    }

    private Map<String, Object> config() {
        int timeoutMs = (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis());
        return Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ConsumerConfig.CLIENT_ID_CONFIG,
                "paypipe-auditor", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false, ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed", ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMs,
                ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs,
                ConsumerConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, Math.min(timeoutMs, 10_000),
                ConsumerConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, Math.min(timeoutMs, 10_000));
    }

}
