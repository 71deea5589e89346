package io.paypipe.core.contract;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The committed schemas of {@code docs/events/schemas}, ready to validate a record's
 * value with networknt's validator. Every topic of the catalogue must have one: a missing
 * file is an error, not a pass.
 */
public final class PublishedSchemas {

    private final Map<String, Schema> byTopic;

    private PublishedSchemas(Map<String, Schema> byTopic) {
        this.byTopic = byTopic;
    }

    public static PublishedSchemas load() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Map<String, Schema> schemas = Topics.all()
            .stream()
            .collect(Collectors
                .toMap(Topic::name, topic -> registry.getSchema(EventSchemaFiles.published(topic)
                    .orElseThrow(() -> new IllegalStateException("no committed schema for topic " + topic.name()
                            + " under " + EventSchemaFiles.SCHEMAS + "; run EventContractsWriter (docs/events.md)"))),
                        (a, b) -> a));
        return new PublishedSchemas(schemas);
    }

    /**
     * Whether {@code topic} is one of the catalogue's (its retry and dead-letter topics
     * are not).
     */
    public boolean covers(String topic) {
        return byTopic.containsKey(topic);
    }

    /**
     * What is wrong with {@code value} as a value of {@code topic}: the validator's
     * findings (where and which rule, never the value itself), or why it is no JSON.
     */
    public List<String> violations(String topic, byte[] value) {
        Schema schema = byTopic.get(topic);
        if (schema == null) {
            return List.of("no schema for topic " + topic);
        }
        if (value == null) {
            return List.of("a null value (tombstone) on an event topic");
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(new String(value, StandardCharsets.UTF_8));
        }
        catch (JacksonException ex) {
            // where, never the text (the parser's message quotes the token)
            return List.of("not JSON" + (ex.getLocation() == null ? "" : " (at line " + ex.getLocation().getLineNr()
                    + ", column " + ex.getLocation().getColumnNr() + ")"));
        }
        return schema.validate(node)
            .stream()
            .map(error -> error.getInstanceLocation() + " " + error.getKeyword() + ": " + error.getMessage())
            .toList();
    }

    /**
     * {@link #violations} of an event record serialized the way the product writes it.
     */
    public List<String> violationsOf(Topic<?> topic, Object event) {
        return violations(topic.name(), Json.MAPPER.writeValueAsBytes(event));
    }

}
