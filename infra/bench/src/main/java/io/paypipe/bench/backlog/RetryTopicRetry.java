package io.paypipe.bench.backlog;

import io.paypipe.bench.backlog.BusinessAttempt.DownstreamUnavailableException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;

/**
 * What spring-kafka's non-blocking retries do with a retry topic, as a plain consumer
 * loop on one partition: a record whose {@code retry_topic-backoff-timestamp} has passed
 * gets the business attempt; when that fails, the record is forwarded to the next retry
 * topic (synchronous send, acks=all, as the dead-letter publishing recoverer waits for
 * its send result) and its offset is committed (commitRecovered, AckMode.RECORD).
 * Optionally the consumer then seeks to the next offset and polls again, dropping the
 * rest of the batch (DefaultErrorHandler's default seekAfterError). The first record not
 * yet due is not touched: the consumer seeks back to it and pauses the partition. The
 * database sees the business attempt only: no scan, no bookkeeping.
 */
final class RetryTopicRetry {

    private static final Duration POLL = Duration.ofMillis(100);

    private static final Duration DEADLINE = Duration.ofMinutes(10);

    private static final long SEND_TIMEOUT_SECONDS = 30;

    /**
     * {@code pausedAt}: the offset the partition was paused at, -1 when it was read to
     * its end.
     */
    record Outcome(long retried, long pausedAt, long committed, SessionCounters.Delta total, long nanos) {
    }

    private final RetryTopics topics;

    private final BusinessAttempt business;

    private final SessionCounters counters;

    private final boolean seekAfterError;

    /**
     * {@code business} and {@code counters} must use the same single connection.
     * {@code seekAfterError}: after each failed record seek to the next one and poll
     * again, dropping the rest of the batch, as spring-kafka's DefaultErrorHandler does
     * by default; false: go on with the batch in memory.
     */
    RetryTopicRetry(RetryTopics topics, BusinessAttempt business, SessionCounters counters, boolean seekAfterError) {
        this.topics = topics;
        this.business = business;
        this.counters = counters;
        this.seekAfterError = seekAfterError;
    }

    Outcome run(RetryTopics.Pair pair) {
        TopicPartition tp = pair.consumed();
        String group = "bench-backlog-" + UUID.randomUUID();
        try (KafkaConsumer<String, byte[]> consumer = topics.consumer(group);
                KafkaProducer<String, byte[]> producer = topics.forwardingProducer()) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            consumer.position(tp);
            consumer.committed(Set.of(tp)); // finds the group coordinator before the
                                            // clock starts
            producer.partitionsFor(pair.next().topic());

            long retried = 0;
            long pausedAt = -1;
            SessionCounters.Snapshot start = counters.read();
            long t0 = System.nanoTime();
            long deadline = t0 + DEADLINE.toNanos();
            polling: while (consumer.position(tp) < end) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("retry topic not drained in " + DEADLINE);
                }
                ConsumerRecords<String, byte[]> records = consumer.poll(POLL);
                for (ConsumerRecord<String, byte[]> record : records) {
                    if (RetryTopics.backoffTimestamp(record.headers()) > System.currentTimeMillis()) {
                        consumer.seek(tp, record.offset());
                        consumer.pause(List.of(tp));
                        pausedAt = record.offset();
                        break polling;
                    }
                    try {
                        business.attempt(BacklogRecords.MERCHANT, record.key());
                        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(record.offset() + 1)));
                    }
                    catch (DownstreamUnavailableException e) {
                        forward(producer, record, pair.next(), group, e);
                        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(record.offset() + 1)));
                        retried++;
                        if (seekAfterError) {
                            consumer.seek(tp, record.offset() + 1);
                            continue polling;
                        }
                    }
                }
            }
            long nanos = System.nanoTime() - t0;
            SessionCounters.Delta total = counters.between(start, counters.read());
            OffsetAndMetadata committed = consumer.committed(Set.of(tp)).get(tp);
            return new Outcome(retried, pausedAt, committed == null ? 0 : committed.offset(), total, nanos);
        }
    }

    /**
     * The record as spring-kafka's recoverer publishes it to the next retry topic, and
     * wait for the broker.
     */
    private static void forward(KafkaProducer<String, byte[]> producer, ConsumerRecord<String, byte[]> record,
            TopicPartition next, String group, Exception failure) {
        long now = System.currentTimeMillis();
        ProducerRecord<String, byte[]> out = new ProducerRecord<>(next.topic(), next.partition(), null, record.key(),
                record.value());
        Headers h = out.headers();
        h.add("kafka_dlt-original-topic", utf8(record.topic()));
        h.add("kafka_dlt-original-partition", RetryTopics.int4(record.partition()));
        h.add("kafka_dlt-original-offset", RetryTopics.long8(record.offset()));
        h.add("kafka_dlt-original-timestamp", RetryTopics.long8(record.timestamp()));
        h.add("kafka_dlt-original-timestamp-type", utf8(record.timestampType().toString()));
        h.add("kafka_dlt-original-consumer-group", utf8(group));
        h.add("kafka_dlt-exception-fqcn", utf8(failure.getClass().getName()));
        h.add("kafka_dlt-exception-message", utf8(String.valueOf(failure.getMessage())));
        h.add("kafka_dlt-exception-stacktrace", utf8(stackTrace(failure)));
        var original = record.headers().lastHeader(RetryTopics.ORIGINAL_TIMESTAMP);
        if (original != null) {
            h.add(RetryTopics.ORIGINAL_TIMESTAMP, original.value());
        }
        h.add(RetryTopics.ATTEMPTS, RetryTopics.int4(RetryTopics.ATTEMPTS_SO_FAR + 1));
        h.add(RetryTopics.BACKOFF_TIMESTAMP, RetryTopics.bigInteger(now + RetryTopics.NEXT_LEVEL_DELAY.toMillis()));
        try {
            producer.send(out).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while forwarding", e);
        }
        catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not forward to " + next.topic(), e);
        }
    }

    private static String stackTrace(Exception e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

}
