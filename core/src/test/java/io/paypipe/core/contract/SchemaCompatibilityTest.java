package io.paypipe.core.contract;

import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaCompatibilityTest {

    @Test
    void acceptsTheSameSchema() {
        ObjectNode paid = orderPaid();
        assertThat(SchemaCompatibility.breakingChanges(paid, paid.deepCopy())).isEmpty();
    }

    @Test
    void reportsARemovedField() {
        ObjectNode current = orderPaid();
        ((ObjectNode) current.get("properties")).remove("paidAt");
        removeRequired(current, "paidAt");
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current)).containsExactly("$.paidAt was removed");
    }

    @Test
    void reportsARetypedField() {
        ObjectNode current = orderPaid();
        ((ObjectNode) current.get("properties").get("orderId")).put("type", "string");
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current))
            .containsExactly("$.orderId changed type from [integer] to [string]");
    }

    @Test
    void reportsAFieldThatMayNowBeNull() {
        ObjectNode current = orderPaid();
        ArrayNode types = Json.MAPPER.createArrayNode().add("string").add("null");
        ((ObjectNode) current.get("properties").get("channelTradeNo")).set("type", types);
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current))
            .containsExactly("$.channelTradeNo may now be null");
    }

    @Test
    void reportsAFieldNoLongerRequired() {
        ObjectNode current = orderPaid();
        removeRequired(current, "paidAt");
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current))
            .containsExactly("$.paidAt is no longer required");
    }

    @Test
    void followsReferencesIntoNestedObjects() {
        // Money is a $def referenced twice; a consumer reading paidAmount.minor breaks if
        // it goes
        ObjectNode current = orderPaid();
        JsonNode money = definitionOf(current, "minor");
        ((ObjectNode) money.get("properties")).remove("minor");
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current))
            .contains("$.orderAmount.minor was removed", "$.paidAmount.minor was removed");
    }

    @Test
    void acceptsAnAddedFieldAndAnAddedEnumConstant() {
        ObjectNode current = orderPaid();
        ((ObjectNode) current.get("properties")).set("loyaltyTier",
                Json.MAPPER.createObjectNode().put("type", "string"));
        ((ArrayNode) current.get("properties").get("channel").get("enum")).add("paypal");
        assertThat(SchemaCompatibility.breakingChanges(orderPaid(), current)).isEmpty();
    }

    private static ObjectNode orderPaid() {
        return EventSchemas.generate(Topics.ORDER_PAID);
    }

    private static JsonNode definitionOf(JsonNode schema, String property) {
        for (var def : schema.path("$defs").properties()) {
            if (def.getValue().path("properties").has(property)) {
                return def.getValue();
            }
        }
        throw new AssertionError("no $def with property " + property + " in " + schema);
    }

    private static void removeRequired(ObjectNode schema, String name) {
        ArrayNode required = (ArrayNode) schema.get("required");
        for (int i = 0; i < required.size(); i++) {
            if (required.get(i).asString().equals(name)) {
                required.remove(i);
                return;
            }
        }
    }

}
