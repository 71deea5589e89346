package io.paypipe.core.contract;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/**
 * Whether a schema can replace a published one without breaking a consumer that was
 * written against the published one. Breaking: a property removed, a property no longer
 * required, a property that may now be null, a type or format that changed (a value the
 * consumer's parser was not written for). Not breaking: a property added (consumers
 * ignore unknown properties), an enum constant added (consumers treat an unknown constant
 * as "other"; docs/events.md says so), a property that may no longer be null. Walks
 * nested objects and arrays, following {@code $ref}s into each schema's own
 * {@code $defs}.
 */
public final class SchemaCompatibility {

    private SchemaCompatibility() {
    }

    /**
     * What in {@code current} would break a consumer of {@code published}; empty if
     * nothing.
     */
    public static List<String> breakingChanges(JsonNode published, JsonNode current) {
        List<String> breaks = new ArrayList<>();
        compare("$", published, published, current, current, breaks);
        return breaks;
    }

    private static void compare(String path, JsonNode oldRoot, JsonNode oldNode, JsonNode newRoot, JsonNode newNode,
            List<String> breaks) {
        Shape was = Shape.of(oldRoot, oldNode);
        Shape is = Shape.of(newRoot, newNode);
        if (!was.nullable() && is.nullable()) {
            breaks.add(path + " may now be null");
        }
        if (!was.types().isEmpty() && !was.types().equals(is.types())) {
            breaks.add(path + " changed type from " + was.types() + " to " + is.types());
            return;
        }
        if (!was.format().equals(is.format())) {
            breaks.add(path + " changed format from '" + was.format() + "' to '" + is.format() + "'");
        }
        for (var property : was.node().path("properties").properties()) {
            String name = property.getKey();
            String at = path + "." + name;
            JsonNode now = is.node().path("properties").path(name);
            if (now.isMissingNode()) {
                breaks.add(at + " was removed");
                continue;
            }
            if (required(was.node(), name) && !required(is.node(), name)) {
                breaks.add(at + " is no longer required");
            }
            compare(at, oldRoot, property.getValue(), newRoot, now, breaks);
        }
        if (was.node().has("items")) {
            compare(path + "[]", oldRoot, was.node().get("items"), newRoot, is.node().path("items"), breaks);
        }
    }

    private static boolean required(JsonNode node, String name) {
        for (JsonNode r : node.path("required")) {
            if (r.asString().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A schema node with its {@code $ref} followed and its nullability taken apart: the
     * generator writes a nullable reference as {@code anyOf: [{type: null}, {$ref}]} and
     * a nullable simple type as {@code type: [T, "null"]}.
     */
    private record Shape(JsonNode node, Set<String> types, boolean nullable, String format) {

        static Shape of(JsonNode root, JsonNode node) {
            boolean nullable = false;
            JsonNode target = node;
            if (node.has("anyOf")) {
                JsonNode other = null;
                for (JsonNode option : node.get("anyOf")) {
                    if (option.path("type").asString("").equals("null")) {
                        nullable = true;
                    }
                    else {
                        other = option;
                    }
                }
                if (other != null && node.get("anyOf").size() <= 2) {
                    target = other;
                }
            }
            target = resolve(root, target);
            Set<String> types = new LinkedHashSet<>();
            JsonNode type = target.path("type");
            if (type.isArray()) {
                type.forEach(t -> types.add(t.asString()));
            }
            else if (type.isString()) {
                types.add(type.asString());
            }
            nullable |= types.remove("null");
            if (types.isEmpty() && target.has("properties")) {
                types.add("object");
            }
            return new Shape(target, types, nullable, target.path("format").asString(""));
        }

        private static JsonNode resolve(JsonNode root, JsonNode node) {
            JsonNode at = node;
            for (int hops = 0; at.has("$ref") && hops < 16; hops++) {
                String ref = at.get("$ref").asString();
                if (!ref.startsWith("#/")) {
                    throw new IllegalArgumentException("only local references are supported: " + ref);
                }
                at = root.at(ref.substring(1));
                if (at.isMissingNode()) {
                    throw new IllegalArgumentException("unresolvable reference " + ref);
                }
            }
            return at;
        }

    }

}
