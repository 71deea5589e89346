package io.paypipe.ingress.stripe;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded mutations of Stripe deliveries for the fuzz test: bytes, JSON values, headers,
 * content types.
 */
final class StripeMutations {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final List<String> TYPES = List.of("payment_intent.succeeded", "payment_intent.canceled",
            "payment_intent.payment_failed", "payment_intent.processing", "refund.created", "refund.updated",
            "refund.failed", "charge.refunded", "customer.created", "x", "payment_intent.", "PAYMENT_INTENT.SUCCEEDED");

    private static final List<String> CONTENT_TYPES = Arrays.asList("text/plain", "application/xml",
            "application/jsonx", "application/json; charset=iso-8859-1", "*/*", "multipart/form-data; boundary=x",
            "application/json;;", "garbage", "application/x-www-form-urlencoded", "", null);

    private final Random random;

    StripeMutations(Random random) {
        this.random = random;
    }

    /**
     * One JSON value somewhere in the tree replaced, removed or retyped; then written
     * compact or pretty.
     */
    byte[] mutateJson(byte[] body) {
        JsonNode root = JSON.readTree(body);
        List<Map.Entry<JsonNode, Object>> slots = new ArrayList<>();
        collect(root, slots);
        Map.Entry<JsonNode, Object> slot = slots.get(random.nextInt(slots.size()));
        boolean remove = random.nextInt(5) == 0;
        if (slot.getKey() instanceof ObjectNode object) {
            String field = (String) slot.getValue();
            if (remove) {
                object.remove(field);
            }
            else {
                object.set(field,
                        field.equals("type") && random.nextBoolean() ? NODES.stringNode(pick(TYPES)) : value());
            }
        }
        else if (slot.getKey() instanceof ArrayNode array) {
            array.set((Integer) slot.getValue(), value());
        }
        String text = random.nextBoolean() ? JSON.writeValueAsString(root)
                : JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Text surgery the JSON tree cannot express: duplicate keys, truncation, stray
     * characters.
     */
    byte[] mutateText(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        int at = random.nextInt(text.length());
        return (switch (random.nextInt(6)) {
            case 0 -> text.substring(0, at);
            case 1 -> text.substring(0, at)
                    + pick(List.of("\u0000", "}", "{", "\"", ",", "\\", "]", "\uFFFD", "\u00e9", "\ud83d\ude00"))
                    + text.substring(at);
            case 2 -> text.replaceFirst("\"id\": ", "\"id\": \"evt_dup\",\n  \"id\": ");
            case 3 -> text + pick(List.of(" ", "}", "{}", "\n\n", "null"));
            case 4 -> "[".repeat(random.nextInt(2000)) + text;
            default -> text.replace(':', '=');
        }).getBytes(StandardCharsets.UTF_8);
    }

    /** Random bytes flipped, inserted or cut, including invalid UTF-8. */
    byte[] mutateBytes(byte[] body) {
        byte[] out = body.clone();
        int flips = 1 + random.nextInt(4);
        for (int i = 0; i < flips && out.length > 0; i++) {
            int at = random.nextInt(out.length);
            out[at] = switch (random.nextInt(4)) {
                case 0 -> (byte) 0xC3;
                case 1 -> (byte) 0xFF;
                case 2 -> (byte) (out[at] ^ (1 << random.nextInt(8)));
                default -> (byte) random.nextInt(256);
            };
        }
        return random.nextInt(4) == 0 ? Arrays.copyOf(out, random.nextInt(out.length + 1)) : out;
    }

    /**
     * A garbled Stripe-Signature, or null for none; {@code valid} is a correct one for
     * the body.
     */
    String mutateHeader(String valid) {
        return switch (random.nextInt(9)) {
            case 0 -> null;
            case 1 -> "";
            case 2 -> randomAscii(1 + random.nextInt(200));
            case 3 -> valid.replaceFirst("t=\\d+", "t="
                    + (Long.parseLong(valid.substring(2, valid.indexOf(','))) + random.nextInt(200_000) - 100_000));
            case 4 -> flipHex(valid);
            case 5 -> valid.replaceAll(",v1=[0-9a-f]+", "");
            case 6 -> valid + "," + valid.substring(0, valid.indexOf(','));
            case 7 -> valid + ",v1=" + "a".repeat(random.nextInt(3000));
            default -> "t=" + randomAscii(random.nextInt(15)) + ",v1=" + randomAscii(64);
        };
    }

    String contentType() {
        return pick(CONTENT_TYPES);
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private JsonNode value() {
        return switch (random.nextInt(16)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.stringNode("");
            case 2 -> NODES.stringNode(randomAscii(random.nextInt(80)));
            case 3 -> NODES.numberNode(-1L);
            case 4 -> NODES.numberNode(random.nextLong());
            case 5 -> NODES.numberNode(new java.math.BigInteger("99999999999999999999999"));
            case 6 -> NODES.numberNode(1.5);
            case 7 -> NODES.numberNode(1e3);
            case 8 -> NODES.booleanNode(random.nextBoolean());
            case 9 -> NODES.objectNode();
            case 10 -> NODES.arrayNode();
            case 11 -> NODES.stringNode(pick(List.of("usd", "JPY", "zzz", "", "eur", "xts", "us")));
            case 12 -> NODES.stringNode(
                    pick(List.of("succeeded", "failed", "pending", "canceled", "event", "refund", "payment_intent")));
            case 13 -> NODES.stringNode("\u4e2d\u6587 \u00e9\u00e8 \ud83d\ude00 \u0001");
            case 14 -> NODES.numberNode(0L);
            default -> NODES.stringNode("acct_1ShopAaaaaaaaaaa");
        };
    }

    private static void collect(JsonNode node, List<Map.Entry<JsonNode, Object>> slots) {
        if (node instanceof ObjectNode object) {
            for (String name : List.copyOf(object.propertyNames())) {
                slots.add(Map.entry(object, name));
                collect(object.get(name), slots);
            }
        }
        else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(Map.entry(array, i));
                collect(array.get(i), slots);
            }
        }
    }

    private String flipHex(String header) {
        int v1 = header.indexOf("v1=") + 3 + random.nextInt(64);
        char c = header.charAt(v1);
        return header.substring(0, v1) + (c == 'a' ? 'b' : 'a') + header.substring(v1 + 1);
    }

    private String randomAscii(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) (0x20 + random.nextInt(0x5f)));
        }
        return sb.toString();
    }

}
