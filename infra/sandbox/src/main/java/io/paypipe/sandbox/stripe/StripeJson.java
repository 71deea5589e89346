package io.paypipe.sandbox.stripe;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes a tree of maps, lists, strings, numbers, booleans and nulls the way Stripe's
 * webhook bodies look: pretty-printed with two spaces, {@code "key": value}, {@code {}}
 * and {@code []} when empty, UTF-8 text unescaped, no trailing newline. Map order is kept
 * (use {@link java.util.LinkedHashMap}).
 */
final class StripeJson {

    private StripeJson() {
    }

    static String pretty(Object value) {
        StringBuilder out = new StringBuilder(2048);
        write(out, value, 0);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value, int depth) {
        switch (value) {
            case null -> out.append("null");
            case String s -> quote(out, s);
            case Long l -> out.append(l.longValue());
            case Integer i -> out.append(i.intValue());
            case Boolean b -> out.append(b.booleanValue());
            case Map<?, ?> map -> writeObject(out, map, depth);
            case List<?> list -> writeArray(out, list, depth);
            default -> throw new IllegalArgumentException("not a JSON value: " + value.getClass().getSimpleName());
        }
    }

    private static void writeObject(StringBuilder out, Map<?, ?> map, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append("{\n");
        Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<?, ?> e = entries.next();
            indent(out, depth + 1);
            quote(out, (String) e.getKey());
            out.append(": ");
            write(out, e.getValue(), depth + 1);
            out.append(entries.hasNext() ? ",\n" : "\n");
        }
        indent(out, depth);
        out.append('}');
    }

    private static void writeArray(StringBuilder out, List<?> list, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            indent(out, depth + 1);
            write(out, list.get(i), depth + 1);
            out.append(i < list.size() - 1 ? ",\n" : "\n");
        }
        indent(out, depth);
        out.append(']');
    }

    private static void indent(StringBuilder out, int depth) {
        out.append("  ".repeat(depth));
    }

    private static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    }
                    else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

}
