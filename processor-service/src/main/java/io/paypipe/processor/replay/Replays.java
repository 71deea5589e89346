package io.paypipe.processor.replay;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Json;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import io.paypipe.core.topic.NotifyHeaders;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Republishes dead letters to {@code payment.notify}: the original key and value bytes,
 * plus headers naming the replay and the dead letter. Per record the audit row is written
 * first (PENDING), then the record is published and the broker's confirmation awaited
 * (acks=all), then the row is marked PUBLISHED with the target offset. A crash between
 * publish and mark leaves PENDING, which reads "maybe published": the truthful answer,
 * and harmless, because the processor's transitions are idempotent (a replayed record
 * that already applied is a Duplicate). Publishing before recording could leave a
 * published record that no audit row mentions.
 */
@Service
class Replays {

    static final String REPLAY_ID_HEADER = "paypipe-replay-id";
    static final String DLT_TOPIC_HEADER = "paypipe-replay-dlt-topic";
    static final String DLT_PARTITION_HEADER = "paypipe-replay-dlt-partition";
    static final String DLT_OFFSET_HEADER = "paypipe-replay-dlt-offset";

    private static final Logger log = LoggerFactory.getLogger(Replays.class);

    private static final long CONFIRM_SECONDS = 10;

    /** Which dead letters: explicit coordinates, or all that match a filter. */
    sealed interface Selection {

        record Records(List<Coordinates> records) implements Selection {
        }

        record Matching(DeadLetterFilter filter) implements Selection {
        }

    }

    record Coordinates(int partition, long offset) {
    }

    /** What happened to one selected dead letter. */
    record Outcome(int partition, long offset, String status, Long rawId, Integer targetPartition, Long targetOffset) {
    }

    record Result(String replayId, List<Outcome> records) {
    }

    private final DeadLetters deadLetters;

    private final ReplayRepository repository;

    private final ReplayConfig.DeadLetterClients clients;

    private final Clock clock;

    Replays(DeadLetters deadLetters, ReplayRepository repository, ReplayConfig.DeadLetterClients clients, Clock clock) {
        this.deadLetters = deadLetters;
        this.repository = repository;
        this.clients = clients;
        this.clock = clock;
    }

    /**
     * Replays the selection under {@code replayId} (a new one when null). Given the same
     * replay id again, dead letters already PUBLISHED under it are not published again.
     */
    Result replay(String replayId, String who, String why, Selection selection) {
        String id = replayId == null || replayId.isBlank() ? UUID.randomUUID().toString() : replayId;
        repository.insertRequest(new ReplayRepository.Request(id, who, why, clock.instant(), kind(selection),
                Json.MAPPER.writeValueAsString(selection)));
        List<Outcome> outcomes = new ArrayList<>();
        switch (selection) {
            case Selection.Records r -> r.records()
                .forEach(c -> outcomes.add(deadLetters.find(c.partition(), c.offset())
                    .map(d -> replayOne(id, d))
                    .orElseGet(() -> new Outcome(c.partition(), c.offset(), "NOT_FOUND", null, null, null))));
            case Selection.Matching m -> deadLetters.list(m.filter()).forEach(d -> outcomes.add(replayOne(id, d)));
        }
        log.info("replay {} by {}: {} dead letters selected", id, who, outcomes.size());
        return new Result(id, outcomes);
    }

    Optional<ReplayView> view(String replayId) {
        return repository.request(replayId)
            .map(r -> new ReplayView(r.replayId(), r.requestedBy(), r.reason(), r.requestedAt(), r.selectionKind(),
                    r.selectionJson(), repository.rows(replayId)));
    }

    record ReplayView(String replayId, String requestedBy, String reason, java.time.Instant requestedAt,
            String selectionKind, String selection, List<ReplayRepository.Row> records) {
    }

    private Outcome replayOne(String replayId, DeadLetter d) {
        PaymentNotified n = PayloadSummary.parse(d.valueBytes());
        Long rawId = n == null ? null : n.rawId();
        if (repository.status(replayId, d).filter(ReplayRepository.PUBLISHED::equals).isPresent()) {
            return new Outcome(d.partition(), d.offset(), "ALREADY_PUBLISHED", rawId, null, null);
        }
        repository.insertPending(replayId, d, rawId, n == null || n.eventId() == null ? null : n.eventId().value(),
                n == null ? d.key() : n.orderKey().kafkaKey(), clock.instant());
        var record = new ProducerRecord<>(ReplayConfig.TARGET_TOPIC, null, d.keyBytes(), d.valueBytes());
        String rawIdHeader = d.headers().get(NotifyHeaders.RAW_ID);
        if (rawIdHeader != null) {
            record.headers().add(NotifyHeaders.RAW_ID, bytes(rawIdHeader));
        }
        record.headers().add(REPLAY_ID_HEADER, bytes(replayId));
        record.headers().add(DLT_TOPIC_HEADER, bytes(d.topic()));
        record.headers().add(DLT_PARTITION_HEADER, bytes(Integer.toString(d.partition())));
        record.headers().add(DLT_OFFSET_HEADER, bytes(Long.toString(d.offset())));
        try {
            RecordMetadata sent = clients.producer().send(record).get(CONFIRM_SECONDS, TimeUnit.SECONDS);
            repository.markPublished(replayId, d, sent.partition(), sent.offset(), clock.instant());
            log.info("replay {} republished dead letter {}-{} (raw {}) to {}-{}@{}", replayId, d.partition(),
                    d.offset(), rawId, sent.topic(), sent.partition(), sent.offset());
            return new Outcome(d.partition(), d.offset(), ReplayRepository.PUBLISHED, rawId, sent.partition(),
                    sent.offset());
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(replayId, d, rawId, e);
        }
        catch (Exception e) {
            return failed(replayId, d, rawId, e);
        }
    }

    private Outcome failed(String replayId, DeadLetter d, Long rawId, Exception e) {
        String error = e.getClass().getName() + ": " + e.getMessage();
        repository.markFailed(replayId, d, error, clock.instant());
        log.warn("replay {} could not republish dead letter {}-{} (raw {}): {}", replayId, d.partition(), d.offset(),
                rawId, e.toString());
        return new Outcome(d.partition(), d.offset(), ReplayRepository.FAILED, rawId, null, null);
    }

    private static String kind(Selection selection) {
        return switch (selection) {
            case Selection.Records r -> "RECORDS";
            case Selection.Matching m -> "FILTER";
        };
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

}
