package io.paypipe.bench.bill;

import io.paypipe.core.topic.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What {@code GET /recon/batches/{id}} says of a batch, as far as the benchmark reads it:
 * the row's status and counters, and while the batch runs its progress (phase READING or
 * COMPARING, rows read, the rate in rows per second since the reading began, frozen when
 * the comparison begins).
 */
record BatchState(String status, List<String> reasons, long rowsRead, long billBytes, long compared, long diffsOpen,
        Map<String, Long> openByCategory, Optional<String> startedAt, Optional<String> finishedAt,
        Optional<Progress> progress) {

    record Progress(String phase, long rowsRead, long bytesRead, long rowsPerSecond) {
    }

    boolean running() {
        return status.equals("RUNNING");
    }

    /** The phase while running, else the final status. */
    String phaseOrStatus() {
        return progress.filter(p -> running()).map(Progress::phase).orElse(status);
    }

    static BatchState parse(String json) {
        JsonNode b = Json.MAPPER.readTree(json);
        List<String> reasons = new ArrayList<>();
        b.path("reasons").forEach(r -> reasons.add(r.asString()));
        Map<String, Long> open = new LinkedHashMap<>();
        b.path("openByCategory").properties().forEach(e -> open.put(e.getKey(), e.getValue().asLong()));
        JsonNode p = b.path("progress");
        Optional<Progress> progress = p.isObject() ? Optional.of(new Progress(p.path("phase").asString(),
                p.path("rowsRead").asLong(), p.path("bytesRead").asLong(), p.path("rowsPerSecond").asLong()))
                : Optional.empty();
        return new BatchState(b.path("status").asString(), List.copyOf(reasons), b.path("rowsRead").asLong(),
                b.path("billBytes").asLong(), b.path("compared").asLong(), b.path("diffsOpen").asLong(), open,
                text(b.path("startedAt")), text(b.path("finishedAt")), progress);
    }

    private static Optional<String> text(JsonNode node) {
        return node.isString() ? Optional.of(node.asString()) : Optional.empty();
    }

}
