package io.paypipe.sandbox.alipay;

import java.util.Map;
import java.util.StringJoiner;

/** Compact JSON of a flat node, strings only, order kept, non-ASCII and '/' as is. */
final class AlipayJson {

    private AlipayJson() {
    }

    static String object(Map<String, String> node) {
        StringJoiner out = new StringJoiner(",", "{", "}");
        node.forEach((key, value) -> out.add(quote(key) + ":" + quote(value)));
        return out.toString();
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

}
