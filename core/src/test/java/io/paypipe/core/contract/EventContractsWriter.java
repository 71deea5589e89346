package io.paypipe.core.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import tools.jackson.databind.JsonNode;

/**
 * Writes the published contracts: {@code docs/events/schemas/<topic>.schema.json} from
 * the records and {@code docs/events/examples/<topic>.json} from {@link EventExamples}.
 * It refuses to overwrite a committed schema with one that would break its consumers
 * ({@link SchemaCompatibility}) unless {@code -Dpaypipe.contracts.allow-breaking=true}: a
 * breaking change needs a new topic (docs/events.md), not a quiet edit. Run from the
 * repository's root: <pre>
 * ./mvnw -B -q -pl core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.paypipe.core.contract.EventContractsWriter
 * </pre>
 */
public final class EventContractsWriter {

    private EventContractsWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path root = EventSchemaFiles.repositoryRoot();
        boolean allowBreaking = Boolean.getBoolean("paypipe.contracts.allow-breaking");
        List<String> refused = new ArrayList<>();
        Files.createDirectories(root.resolve(EventSchemaFiles.SCHEMAS));
        Files.createDirectories(root.resolve(EventSchemaFiles.EXAMPLES));
        for (Map.Entry<Topic<?>, ?> entry : EventSchemas.generateAll().entrySet()) {
            Topic<?> topic = entry.getKey();
            JsonNode schema = (JsonNode) entry.getValue();
            List<String> breaks = EventSchemaFiles.published(topic)
                .map(published -> SchemaCompatibility.breakingChanges(published, schema))
                .orElse(List.of());
            if (!breaks.isEmpty() && !allowBreaking) {
                refused.add(topic.name() + ": " + String.join("; ", breaks));
                continue;
            }
            Files.writeString(root.resolve(EventSchemaFiles.SCHEMAS).resolve(EventSchemaFiles.fileName(topic)),
                    EventSchemaFiles.text(schema));
        }
        for (Map.Entry<Topic<?>, Object> example : EventExamples.all().entrySet()) {
            Files.writeString(root.resolve(EventSchemaFiles.EXAMPLES).resolve(example.getKey().name() + ".json"),
                    EventSchemaFiles.text(Json.MAPPER.valueToTree(example.getValue())));
        }
        if (!refused.isEmpty()) {
            System.err.println("not written, these would break consumers (a new topic instead, see docs/events.md):");
            refused.forEach(line -> System.err.println("  " + line));
            System.exit(1);
        }
        System.out.println(
                "wrote " + root.resolve(EventSchemaFiles.SCHEMAS) + " and " + root.resolve(EventSchemaFiles.EXAMPLES));
    }

}
