package io.paypipe.sandbox.bill;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The settlements of a {@link SettlementBook} on disk
 * ({@code sandbox.bills.settlements-file}), one JSON object a line, appended as each is
 * recorded and read back at the next start: the sandbox's bills then list what it paid
 * and refunded before a restart, as the product's database (beside it under {@code var/})
 * still holds those payments. Strict: a line that is not a whole settlement (a field
 * missing or unknown, a partial line left by a crash) stops the start, since a bill
 * silently shorter than what was paid is what the reconciliation's guards exist to catch,
 * not what the sandbox should serve.
 */
final class SettlementFile implements Closeable {

    /**
     * Every field of {@link Settlement} required and nothing else allowed (an empty
     * Optional is written as {@code null}).
     */
    private static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    private final Path path;

    private final BufferedWriter writer;

    private SettlementFile(Path path, BufferedWriter writer) {
        this.path = path;
        this.writer = writer;
    }

    /**
     * Opens {@code path} for appending (creating it and its directories when missing).
     */
    static SettlementFile open(Path path) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new SettlementFile(path, Files.newBufferedWriter(path, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE));
        }
        catch (IOException e) {
            throw new UncheckedIOException("sandbox.bills.settlements-file " + path + " cannot be opened", e);
        }
    }

    /**
     * Every settlement of {@code path} in the order written (none when there is no such
     * file); blank lines hold none.
     * @throws IllegalStateException naming the file and the line when a line is not a
     * settlement
     */
    static List<Settlement> load(Path path) {
        List<Settlement> settlements = new ArrayList<>();
        if (!Files.exists(path)) {
            return settlements;
        }
        try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                number++;
                if (!line.isBlank()) {
                    settlements.add(parse(path, number, line));
                }
            }
            return settlements;
        }
        catch (IOException e) {
            throw new UncheckedIOException("sandbox.bills.settlements-file " + path + " cannot be read", e);
        }
    }

    private static Settlement parse(Path path, int number, String line) {
        try {
            return Objects.requireNonNull(MAPPER.readValue(line, Settlement.class), "a null line");
        }
        catch (JacksonException | IllegalArgumentException | NullPointerException e) {
            throw new IllegalStateException("sandbox.bills.settlements-file " + path + " line " + number
                    + " is not a settlement (" + firstLine(e.getMessage())
                    + "): the bills would silently miss it. Repair the line, or delete the file together with the"
                    + " database it goes with (./paypipe run: delete var/)", e);
        }
    }

    /** Appends {@code settlement} as one line, written through before it returns. */
    synchronized void append(Settlement settlement) {
        try {
            writer.write(MAPPER.writeValueAsString(settlement));
            writer.write('\n');
            writer.flush();
        }
        catch (IOException e) {
            throw new UncheckedIOException("sandbox.bills.settlements-file " + path + " cannot be written", e);
        }
    }

    Path path() {
        return path;
    }

    @Override
    public synchronized void close() throws IOException {
        writer.close();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int end = message.indexOf('\n');
        return (end < 0) ? message : message.substring(0, end);
    }

}
