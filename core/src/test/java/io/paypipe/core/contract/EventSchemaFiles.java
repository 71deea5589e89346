package io.paypipe.core.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import tools.jackson.databind.JsonNode;

/**
 * The committed schemas and examples under {@code docs/events}: where they are and how
 * they are read and spelled. Apart from {@link EventSchemas} so that a suite that only
 * validates (service-support's {@code PublishedEventsConform}) needs no schema generator
 * on its classpath.
 */
public final class EventSchemaFiles {

    /** Where the committed schemas are, relative to the repository's root. */
    public static final Path SCHEMAS = Path.of("docs", "events", "schemas");

    /** Where the committed examples are, relative to the repository's root. */
    public static final Path EXAMPLES = Path.of("docs", "events", "examples");

    private EventSchemaFiles() {
    }

    public static String fileName(Topic<?> topic) {
        return topic.name() + ".schema.json";
    }

    /** The committed (published) schema of {@code topic}, if there is one. */
    public static Optional<JsonNode> published(Topic<?> topic) {
        Path file = repositoryRoot().resolve(SCHEMAS).resolve(fileName(topic));
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readTree(Files.readString(file)));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The schema as the committed file spells it: two-space indent, a final newline. */
    public static String text(JsonNode schema) {
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(schema) + "\n";
    }

    /**
     * The repository's root: the nearest directory at or above the working directory (a
     * module's, under Maven) that has {@code docs/events}.
     */
    public static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("docs").resolve("events")) && Files.isRegularFile(d.resolve("pom.xml"))) {
                return d;
            }
        }
        throw new IllegalStateException("no docs/events at or above " + dir);
    }

}
