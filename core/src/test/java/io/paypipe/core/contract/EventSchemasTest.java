package io.paypipe.core.contract;

import java.util.List;
import java.util.Map;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class EventSchemasTest {

    private static final String REGENERATE = "docs/events/schemas is behind the records: run EventContractsWriter "
            + "(docs/events.md) and commit the result";

    @Test
    void noRecordChangeBreaksAPublishedSchema() {
        // Given the committed schemas, when the records' schemas are generated, then none
        // removes, retypes or nulls what a consumer reads
        for (Map.Entry<Topic<?>, ObjectNode> generated : EventSchemas.generateAll().entrySet()) {
            JsonNode published = EventSchemaFiles.published(generated.getKey()).orElseThrow();
            assertThat(SchemaCompatibility.breakingChanges(published, generated.getValue()))
                .as("breaking changes to %s", generated.getKey().name())
                .isEmpty();
        }
    }

    @Test
    void committedSchemasAreTheRecordsSchemas() {
        for (Map.Entry<Topic<?>, ObjectNode> generated : EventSchemas.generateAll().entrySet()) {
            assertThat(EventSchemaFiles.published(generated.getKey())).as(REGENERATE).isPresent();
            assertThat(EventSchemaFiles.text(EventSchemaFiles.published(generated.getKey()).orElseThrow()))
                .as(REGENERATE)
                .isEqualTo(EventSchemaFiles.text(generated.getValue()));
        }
        assertThat(EventSchemas.generateAll()).hasSameSizeAs(Topics.all());
    }

    @Test
    void everyExampleConformsToItsPublishedSchema() {
        PublishedSchemas schemas = PublishedSchemas.load();
        Map<Topic<?>, Object> examples = EventExamples.all();
        assertThat(examples.keySet()).containsExactlyInAnyOrderElementsOf(Topics.all());
        examples.forEach((topic, event) -> assertThat(schemas.violationsOf(topic, event)).as(topic.name()).isEmpty());
    }

    @Test
    void rejectsAnEventMissingARequiredField() {
        // Given an OrderPaid as the product writes it, when its paidAmount is removed,
        // retyped or nulled, then the published schema rejects each
        PublishedSchemas schemas = PublishedSchemas.load();
        ObjectNode paid = Json.MAPPER.valueToTree(EventExamples.all().get(Topics.ORDER_PAID));
        assertThat(schemas.violations(Topics.ORDER_PAID.name(), bytes(paid))).isEmpty();

        assertThat(schemas.violations(Topics.ORDER_PAID.name(), bytes(paid.deepCopy().without("paidAmount"))))
            .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
            .contains("required");
        ObjectNode retyped = paid.deepCopy();
        ((ObjectNode) retyped.get("paidAmount")).put("minor", "100.00");
        assertThat(schemas.violations(Topics.ORDER_PAID.name(), bytes(retyped))).isNotEmpty();
        ObjectNode nulled = paid.deepCopy();
        nulled.putNull("channelTradeNo");
        assertThat(schemas.violations(Topics.ORDER_PAID.name(), bytes(nulled))).isNotEmpty();
        assertThat(schemas.violations(Topics.ORDER_PAID.name(), "{not json".getBytes())).isNotEmpty();
    }

    @Test
    void toleratesAFieldItDoesNotKnow() {
        // a producer a release ahead may add a field: old schemas (and consumers) accept
        // it
        PublishedSchemas schemas = PublishedSchemas.load();
        ObjectNode paid = Json.MAPPER.valueToTree(EventExamples.all().get(Topics.ORDER_PAID));
        paid.put("loyaltyTier", "gold");
        assertThat(schemas.violations(Topics.ORDER_PAID.name(), bytes(paid))).isEmpty();
    }

    @Test
    void nullableFieldsAreOnlyThoseAnnotated() {
        JsonNode schema = EventSchemas.generate(Topics.ORDER_PAID);
        List<String> required = schema.path("required").valueStream().map(JsonNode::asString).toList();
        assertThat(required).containsExactlyInAnyOrder(java.util.Arrays.stream(OrderPaid.class.getRecordComponents())
            .map(c -> c.getName())
            .toArray(String[]::new));
        JsonNode created = EventSchemas.generate(Topics.ORDER_CREATED);
        assertThat(created.toString()).contains("null");
        assertThat(schema.path("properties").path("channelTradeNo").path("type").asString()).isEqualTo("string");
        assertThat(schema.path("properties").path("orderId").path("type").asString()).isEqualTo("integer");
    }

    private static byte[] bytes(JsonNode node) {
        return Json.MAPPER.writeValueAsBytes(node);
    }

}
