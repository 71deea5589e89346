package io.paypipe.ingress.callback;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import io.paypipe.ingress.callback.CallbackFuzzer.BodyFormat;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mutation operators of {@link CallbackFuzzer}: byte-level (bit flips, truncation,
 * insertion and deletion of random bytes), structure-aware (field swaps, removals, type
 * changes and duplicates in a JSON object or a form), header removal, alteration and
 * duplication, random content types, oversized bodies. Every operator draws only from the
 * {@link Random} it is given, so a case is reproducible from its seed.
 */
final class Mutations {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final List<String> CONTENT_TYPES = List.of("text/plain", "application/x-www-form-urlencoded",
            "application/json; charset=utf-8", "application/JSON", "application/xml", "multipart/form-data; boundary=x",
            "*/*", "application/json;charset=GBK", "garbage", "", "application/json, text/plain",
            "application/problem+json", "application/octet-stream", "text/json",
            "application/json; charset=\"utf-8\"; x=");

    private final BodyFormat format;

    private final long maxBodyBytes;

    Mutations(BodyFormat format, long maxBodyBytes) {
        this.format = format;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** A mutable request under construction; {@code applied} names the operators used. */
    static final class Draft {

        byte[] body;

        final List<Map.Entry<String, String>> headers;

        final List<String> applied = new ArrayList<>();

        Draft(FuzzRequest request) {
            body = request.body();
            headers = new ArrayList<>(request.headers());
        }

    }

    void applyOne(Draft d, Random r) {
        int pick = r.nextInt(100);
        if (pick < 14) {
            bitFlips(d, r);
        }
        else if (pick < 24) {
            truncate(d, r);
        }
        else if (pick < 34) {
            insertBytes(d, r);
        }
        else if (pick < 40) {
            deleteBytes(d, r);
        }
        else if (pick < 58) {
            structural(d, r);
        }
        else if (pick < 68) {
            removeHeader(d, r);
        }
        else if (pick < 84) {
            alterHeader(d, r);
        }
        else if (pick < 88) {
            duplicateHeader(d, r);
        }
        else if (pick < 97) {
            contentType(d, r);
        }
        else {
            oversize(d, r);
        }
    }

    private void bitFlips(Draft d, Random r) {
        if (d.body.length == 0) {
            insertBytes(d, r);
            return;
        }
        int flips = 1 + r.nextInt(8);
        for (int i = 0; i < flips; i++) {
            d.body[r.nextInt(d.body.length)] ^= (byte) (1 << r.nextInt(8));
        }
        d.applied.add("bit-flip x" + flips);
    }

    private void truncate(Draft d, Random r) {
        int keep = d.body.length == 0 ? 0 : r.nextInt(d.body.length);
        d.body = Arrays.copyOf(d.body, keep);
        d.applied.add("truncate@" + keep);
    }

    private void insertBytes(Draft d, Random r) {
        byte[] inserted = new byte[1 + r.nextInt(16)];
        r.nextBytes(inserted);
        int at = r.nextInt(d.body.length + 1);
        byte[] body = new byte[d.body.length + inserted.length];
        System.arraycopy(d.body, 0, body, 0, at);
        System.arraycopy(inserted, 0, body, at, inserted.length);
        System.arraycopy(d.body, at, body, at + inserted.length, d.body.length - at);
        d.body = body;
        d.applied.add("insert " + inserted.length + "B@" + at);
    }

    private void deleteBytes(Draft d, Random r) {
        if (d.body.length < 2) {
            truncate(d, r);
            return;
        }
        int at = r.nextInt(d.body.length - 1);
        int n = 1 + r.nextInt(Math.min(16, d.body.length - at));
        byte[] body = new byte[d.body.length - n];
        System.arraycopy(d.body, 0, body, 0, at);
        System.arraycopy(d.body, at + n, body, at, d.body.length - at - n);
        d.body = body;
        d.applied.add("delete " + n + "B@" + at);
    }

    private void structural(Draft d, Random r) {
        String text = new String(d.body, StandardCharsets.UTF_8);
        String changed = format == BodyFormat.JSON ? StructuredEdits.json(JSON, text, r, d.applied)
                : StructuredEdits.form(text, r, d.applied);
        d.body = changed.getBytes(StandardCharsets.UTF_8);
    }

    private void removeHeader(Draft d, Random r) {
        if (!d.headers.isEmpty()) {
            d.applied.add("remove " + d.headers.remove(r.nextInt(d.headers.size())).getKey());
        }
    }

    private void alterHeader(Draft d, Random r) {
        if (d.headers.isEmpty()) {
            return;
        }
        int i = r.nextInt(d.headers.size());
        Map.Entry<String, String> h = d.headers.get(i);
        String value = h.getValue();
        String altered = switch (r.nextInt(8)) {
            case 0 -> "";
            case 1 -> randomPrintable(r, 1 + r.nextInt(64));
            case 2 -> value + randomPrintable(r, 1 + r.nextInt(8));
            case 3 -> value.isEmpty() ? "x" : value.substring(0, r.nextInt(value.length()));
            case 4 -> flipOneChar(value, r);
            case 5 -> Long.toString(r.nextLong());
            case 6 -> randomPrintable(r, 2000 + r.nextInt(3000));
            default -> d.headers.get(r.nextInt(d.headers.size())).getValue();
        };
        d.headers.set(i, Map.entry(h.getKey(), altered));
        d.applied.add("alter " + h.getKey());
    }

    private void duplicateHeader(Draft d, Random r) {
        if (!d.headers.isEmpty()) {
            Map.Entry<String, String> h = d.headers.get(r.nextInt(d.headers.size()));
            d.headers.add(r.nextInt(d.headers.size() + 1), Map.entry(h.getKey(), flipOneChar(h.getValue(), r)));
            d.applied.add("duplicate " + h.getKey());
        }
    }

    private void contentType(Draft d, Random r) {
        d.headers.removeIf(h -> h.getKey().equalsIgnoreCase("Content-Type"));
        String type = CONTENT_TYPES.get(r.nextInt(CONTENT_TYPES.size()));
        d.headers.add(Map.entry("Content-Type", type));
        d.applied.add("content-type '" + type + "'");
    }

    private void oversize(Draft d, Random r) {
        int extra = 1 + r.nextInt(4096);
        byte[] body = Arrays.copyOf(d.body, Math.toIntExact(Math.max(d.body.length, maxBodyBytes)) + extra);
        Arrays.fill(body, d.body.length, body.length, (byte) ' ');
        d.body = body;
        d.applied.add("oversize " + body.length + "B");
    }

    static String randomPrintable(Random r, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) (0x21 + r.nextInt(0x7E - 0x21 + 1)));
        }
        return sb.toString();
    }

    private static String flipOneChar(String value, Random r) {
        if (value.isEmpty()) {
            return randomPrintable(r, 1);
        }
        char[] chars = value.toCharArray();
        int i = r.nextInt(chars.length);
        char c = (char) (0x21 + r.nextInt(0x7E - 0x21 + 1));
        chars[i] = c == chars[i] ? (char) (c == '~' ? '!' : c + 1) : c;
        return new String(chars);
    }

}
