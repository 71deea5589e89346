package io.paypipe.ingress.callback;

import static io.paypipe.ingress.callback.Mutations.randomPrintable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The structure-aware operators of {@link Mutations}: edits of single fields of a JSON or
 * form body.
 */
final class StructuredEdits {

    private StructuredEdits() {
    }

    /**
     * JSON body: in one of its objects swap two values, drop one, change a type, add a
     * duplicate key or replace one.
     */
    static String json(JsonMapper json, String text, Random r, List<String> applied) {
        JsonNode root;
        try {
            root = json.readTree(text);
        }
        catch (RuntimeException notJson) {
            applied.add("json-edit skipped");
            return text;
        }
        List<ObjectNode> objects = new ArrayList<>();
        collect(root, objects);
        if (objects.isEmpty()) {
            applied.add("json-edit skipped");
            return text;
        }
        ObjectNode target = objects.get(r.nextInt(objects.size()));
        List<String> names = new ArrayList<>(target.propertyNames());
        if (names.isEmpty()) {
            target.put("x", 1);
            applied.add("json add field");
            return json.writeValueAsString(root);
        }
        String a = names.get(r.nextInt(names.size()));
        switch (r.nextInt(5)) {
            case 0 -> {
                String b = names.get(r.nextInt(names.size()));
                JsonNode va = target.get(a);
                target.set(a, target.get(b));
                target.set(b, va);
                applied.add("json swap " + a + "<->" + b);
            }
            case 1 -> {
                target.remove(a);
                applied.add("json remove " + a);
            }
            case 2 -> {
                switch (r.nextInt(6)) {
                    case 0 -> target.put(a, r.nextLong());
                    case 1 -> target.putNull(a);
                    case 2 -> target.putArray(a).add(1);
                    case 3 -> target.putObject(a);
                    case 4 -> target.put(a, r.nextBoolean());
                    default -> target.put(a, "");
                }
                applied.add("json retype " + a);
            }
            case 3 -> {
                applied.add("json duplicate key " + a);
                String written = json.writeValueAsString(root);
                String value = randomPrintable(r, 8).replace("\"", "").replace("\\", "");
                return written.replaceFirst("\\{", Matcher.quoteReplacement("{\"" + a + "\":\"" + value + "\","));
            }
            default -> {
                target.put(a, randomPrintable(r, 1 + r.nextInt(80)));
                applied.add("json replace " + a);
            }
        }
        return json.writeValueAsString(root);
    }

    /**
     * application/x-www-form-urlencoded body: swap two values, drop, duplicate or replace
     * a parameter.
     */
    static String form(String text, Random r, List<String> applied) {
        List<String> pairs = new ArrayList<>(Arrays.asList(text.split("&", -1)));
        int i = r.nextInt(pairs.size());
        int j = r.nextInt(pairs.size());
        switch (r.nextInt(4)) {
            case 0 -> {
                String[] a = pairs.get(i).split("=", 2);
                String[] b = pairs.get(j).split("=", 2);
                pairs.set(i, a[0] + "=" + (b.length > 1 ? b[1] : ""));
                pairs.set(j, b[0] + "=" + (a.length > 1 ? a[1] : ""));
                applied.add("form swap");
            }
            case 1 -> {
                pairs.remove(i);
                applied.add("form remove");
            }
            case 2 -> {
                pairs.add(j, pairs.get(i));
                applied.add("form duplicate");
            }
            default -> {
                String value = randomPrintable(r, 1 + r.nextInt(40)).replace("&", "");
                pairs.set(i, pairs.get(i).split("=", 2)[0] + "=" + value);
                applied.add("form replace");
            }
        }
        return String.join("&", pairs);
    }

    private static void collect(JsonNode node, List<ObjectNode> objects) {
        if (node instanceof ObjectNode object) {
            objects.add(object);
        }
        for (JsonNode child : node) {
            collect(child, objects);
        }
    }

}
