package io.paypipe.core.contract;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.annotation.JsonValue;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomDefinitionProviderV2;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The published contract of every topic's value: a JSON Schema (draft 2020-12) generated
 * from the event record with victools' generator, the way {@link Json#MAPPER} writes it.
 * Jackson writes every component, so every property is required; a component is nullable
 * only when it is annotated {@link Nullable}; ids ({@code @JsonValue} records) are their
 * value's type; additional properties are allowed (a consumer ignores what it does not
 * know, which is what lets a producer add a field). The committed copies live in
 * {@code docs/events/schemas} ({@link EventSchemaFiles}), written by
 * {@link EventContractsWriter}.
 */
public final class EventSchemas {

    private static final SchemaGenerator GENERATOR = generator();

    private EventSchemas() {
    }

    /** The schema of {@code topic}'s value as the records say today. */
    public static ObjectNode generate(Topic<?> topic) {
        ObjectNode schema = GENERATOR.generateSchema(topic.valueType());
        ObjectNode framed = Json.MAPPER.createObjectNode();
        framed.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        framed.put("$id", "https://paypipe.io/events/" + EventSchemaFiles.fileName(topic));
        framed.put("title", topic.name() + ": " + topic.valueType().getSimpleName());
        framed.put("description",
                "The value of a record on the Kafka topic '" + topic.name()
                        + "' (JSON, UTF-8, no type headers). Key: the order key '<tenant>|<merchant>|<out_trade_no>'. "
                        + "See docs/events.md.");
        schema.properties().forEach(e -> {
            if (!e.getKey().equals("$schema")) {
                framed.set(e.getKey(), e.getValue());
            }
        });
        return framed;
    }

    /** Every topic of the catalogue with its schema, in catalogue order. */
    public static Map<Topic<?>, ObjectNode> generateAll() {
        Map<Topic<?>, ObjectNode> all = new LinkedHashMap<>();
        Topics.all().forEach(topic -> all.put(topic, generate(topic)));
        return all;
    }

    private static SchemaGenerator generator() {
        SchemaGeneratorConfigBuilder builder = new SchemaGeneratorConfigBuilder(Json.MAPPER,
                SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON);
        builder.with(new JacksonModule(JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE));
        builder.with(new ValueRecords());
        builder.forFields().withRequiredCheck(field -> true);
        builder.forFields().withNullableCheck(EventSchemas::nullable);
        return new SchemaGenerator(builder.build());
    }

    private static boolean nullable(FieldScope field) {
        Field raw = field.getRawMember();
        return raw.getAnnotatedType().isAnnotationPresent(Nullable.class) || raw.isAnnotationPresent(Nullable.class);
    }

    /**
     * An id record ({@code OrderId}, {@code EventId}, ...) is written as its one
     * {@code @JsonValue} component: its schema is that component's.
     */
    private static final class ValueRecords implements CustomDefinitionProviderV2 {

        @Override
        public CustomDefinition provideCustomSchemaDefinition(ResolvedType javaType, SchemaGenerationContext context) {
            Class<?> type = javaType.getErasedType();
            if (!type.isRecord()) {
                return null;
            }
            Optional<RecordComponent> value = Arrays.stream(type.getRecordComponents())
                .filter(c -> c.getAccessor().isAnnotationPresent(JsonValue.class)
                        || c.isAnnotationPresent(JsonValue.class))
                .findFirst();
            return value
                .map(c -> new CustomDefinition(context.createDefinition(context.getTypeContext().resolve(c.getType())),
                        CustomDefinition.DefinitionType.INLINE, CustomDefinition.AttributeInclusion.NO))
                .orElse(null);
        }

    }

}
