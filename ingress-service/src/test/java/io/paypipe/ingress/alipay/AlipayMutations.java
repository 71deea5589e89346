package io.paypipe.ingress.alipay;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded mutations of Alipay deliveries for the fuzz test: bytes flipped, cut, inserted,
 * pairs doubled, values replaced, percent-encoding broken, random bytes, random content
 * types and junk headers. Every operator draws only from the {@link Random} it is given
 * and names itself in {@code applied}.
 */
final class AlipayMutations {

    static final String FORM = AlipayCallbackIntegrationSupport.FORM;

    private static final List<String> CONTENT_TYPES = List.of(FORM, FORM, FORM, FORM,
            "application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=gbk", "application/json",
            "text/plain", "multipart/form-data", "application/x-www-form-urlencoded;;;", "x/y;charset=\"utf-8");

    private static final byte[] JUNK = "%&=+ \u0000\r\n\"'<>{}[]\\%ZZ%F%FF%C3%28%00;,"
        .getBytes(StandardCharsets.ISO_8859_1);

    private AlipayMutations() {
    }

    /** One to three mutations of an honest body. */
    static byte[] body(byte[] honest, Random random, List<String> applied) {
        byte[] b = honest.clone();
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            int op = random.nextInt(10);
            applied
                .add(List
                    .of("flip", "cut", "insert junk", "double a pair", "replace a value", "truncate", "random bytes",
                            "empty", "add a pair", "swap bytes")
                    .get(op));
            b = switch (op) {
                case 0 -> flip(b, random);
                case 1 -> cut(b, random);
                case 2 -> insert(b, random, junk(random, 1 + random.nextInt(8)));
                case 3 -> insert(b, random, pairOf(b, random));
                case 4 -> replaceValue(b, random);
                case 5 -> Arrays.copyOf(b, random.nextInt(b.length + 1));
                case 6 -> randomBytes(random);
                case 7 -> new byte[0];
                case 8 -> insert(b, random, ("&" + (char) ('a' + random.nextInt(26)) + "=" + junkText(random, 4))
                    .getBytes(StandardCharsets.UTF_8));
                default -> swap(b, random);
            };
        }
        return b;
    }

    /**
     * Mostly the form content type, sometimes another or none; sometimes a junk header or
     * an Accept.
     */
    static List<Map.Entry<String, String>> headers(Random random, List<String> applied) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (random.nextInt(20) != 0) {
            String type = CONTENT_TYPES.get(random.nextInt(CONTENT_TYPES.size()));
            headers.add(Map.entry("Content-Type", type));
            if (!type.equals(FORM)) {
                applied.add("content-type '" + type + "'");
            }
        }
        else {
            applied.add("no content-type");
        }
        if (random.nextInt(4) == 0) {
            headers.add(Map.entry("X-Fuzz-" + random.nextInt(100), junkText(random, 1 + random.nextInt(64))));
        }
        if (random.nextInt(10) == 0) {
            headers
                .add(Map.entry("Accept", random.nextBoolean() ? "application/json" : "*/*;q=" + junkText(random, 3)));
        }
        return headers;
    }

    private static byte[] flip(byte[] b, Random random) {
        if (b.length > 0) {
            b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
    }

    private static byte[] swap(byte[] b, Random random) {
        if (b.length > 1) {
            int i = random.nextInt(b.length);
            int j = random.nextInt(b.length);
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
        return b;
    }

    private static byte[] cut(byte[] b, Random random) {
        if (b.length == 0) {
            return b;
        }
        int from = random.nextInt(b.length);
        int to = Math.min(b.length, from + 1 + random.nextInt(16));
        byte[] out = new byte[b.length - (to - from)];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(b, to, out, from, b.length - to);
        return out;
    }

    private static byte[] insert(byte[] b, Random random, byte[] piece) {
        int at = random.nextInt(b.length + 1);
        byte[] out = new byte[b.length + piece.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(piece, 0, out, at, piece.length);
        System.arraycopy(b, at, out, at + piece.length, b.length - at);
        return out;
    }

    /** One {@code &name=value} of the body, to be inserted again (a duplicate key). */
    private static byte[] pairOf(byte[] b, Random random) {
        String[] pairs = new String(b, StandardCharsets.ISO_8859_1).split("&", -1);
        return ("&" + pairs[random.nextInt(pairs.length)]).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One value replaced by junk, e.g. an amount by {@code 1e2} or {@code %ZZ}. */
    private static byte[] replaceValue(byte[] b, Random random) {
        String[] pairs = new String(b, StandardCharsets.ISO_8859_1).split("&", -1);
        int i = random.nextInt(pairs.length);
        int eq = pairs[i].indexOf('=');
        String[] values = { "", "1e2", "-1", "0.001", "%ZZ", "%", "+", junkText(random, 1 + random.nextInt(10)),
                "TRADE_SUCCESS", "RSA", "gbk", "9".repeat(70) };
        pairs[i] = (eq < 0 ? pairs[i] : pairs[i].substring(0, eq)) + "=" + values[random.nextInt(values.length)];
        return String.join("&", pairs).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(512)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] junk(Random random, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : JUNK[random.nextInt(JUNK.length)];
        }
        return b;
    }

    /** Printable ASCII a header value may hold. */
    static String junkText(Random random, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) (0x21 + random.nextInt(0x5e)));
        }
        return sb.toString();
    }

}
