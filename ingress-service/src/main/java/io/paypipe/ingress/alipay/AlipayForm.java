package io.paypipe.ingress.alipay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An {@code application/x-www-form-urlencoded} Alipay notification, decoded by hand from
 * the raw bytes (the servlet's {@code getParameter} would consume the body and decode it
 * leniently). Strict on purpose: every pair has a {@code =}, keys are plain names and
 * appear once, {@code %} is followed by two hex digits, {@code +} is a space, and the
 * decoded bytes must be valid in the notification's {@code charset} parameter (utf-8 when
 * absent; Alipay also knows gbk and gb2312). Nothing is replaced: a value that does not
 * decode could not be the one Alipay signed. {@code text} is the body as text, what
 * {@code raw_body} stores.
 */
record AlipayForm(Map<String, String> params, Charset charset, String text) {

    static final int MAX_PARAMS = 100;

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

    private static final Map<String, Charset> CHARSETS = Map.of("utf-8", StandardCharsets.UTF_8, "utf8",
            StandardCharsets.UTF_8, "gbk", Charset.forName("GBK"), "gb2312", Charset.forName("GB2312"));

    AlipayForm {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * A body stored as text (in the charset its {@code charset} parameter named): back to
     * the bytes Alipay sent, then decoded as they were.
     */
    static Check<AlipayForm> decodeStored(String text) {
        return decode(text.getBytes(StandardCharsets.UTF_8)).then(form -> form.charset().equals(StandardCharsets.UTF_8)
                ? Check.ok(form) : decode(text.getBytes(form.charset())));
    }

    static Check<AlipayForm> decode(byte[] body) {
        List<byte[][]> pairs = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= body.length; i++) {
            if (i == body.length || body[i] == '&') {
                Check<byte[][]> pair = pair(body, start, i);
                if (pair instanceof Check.Rejected<byte[][]> r) {
                    return Check.reject(r.rejection(), r.detail());
                }
                pairs.add(((Check.Ok<byte[][]>) pair).value());
                if (pairs.size() > MAX_PARAMS) {
                    return Check.reject(Rejection.MALFORMED, "more than " + MAX_PARAMS + " parameters");
                }
                start = i + 1;
            }
        }
        Map<String, byte[]> raw = new LinkedHashMap<>();
        for (byte[][] pair : pairs) {
            Optional<String> key = text(pair[0], StandardCharsets.US_ASCII).filter(k -> KEY.matcher(k).matches());
            if (key.isEmpty()) {
                return Check.reject(Rejection.MALFORMED, "a parameter name is not a plain name");
            }
            if (raw.putIfAbsent(key.get(), pair[1]) != null) {
                return Check.reject(Rejection.MALFORMED, "parameter " + key.get() + " appears twice");
            }
        }
        return charset(raw).then(charset -> decodeValues(raw, charset, body));
    }

    /** The value of a parameter unless absent or blank. */
    Optional<String> get(String name) {
        String value = params.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    private static Check<Charset> charset(Map<String, byte[]> raw) {
        byte[] declared = raw.get("charset");
        if (declared == null) {
            return Check.ok(StandardCharsets.UTF_8);
        }
        Charset charset = text(declared, StandardCharsets.US_ASCII)
            .map(name -> CHARSETS.get(name.trim().toLowerCase(Locale.ROOT)))
            .orElse(null);
        return charset == null ? Check.reject(Rejection.MALFORMED, "unsupported charset parameter") : Check.ok(charset);
    }

    private static Check<AlipayForm> decodeValues(Map<String, byte[]> raw, Charset charset, byte[] body) {
        Optional<String> text = text(body, charset);
        if (text.isEmpty()) {
            return Check.reject(Rejection.NOT_UTF8, "body is not valid " + charset.name());
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : raw.entrySet()) {
            Optional<String> value = text(e.getValue(), charset);
            if (value.isEmpty()) {
                return Check.reject(Rejection.NOT_UTF8, "parameter " + e.getKey() + " is not valid " + charset.name());
            }
            params.put(e.getKey(), value.get());
        }
        return Check.ok(new AlipayForm(params, charset, text.get()));
    }

    /** {@code body[from, to)} as a percent-decoded name and value. */
    private static Check<byte[][]> pair(byte[] body, int from, int to) {
        if (from == to) {
            return Check.reject(Rejection.MALFORMED, "empty pair in the form");
        }
        int eq = -1;
        for (int i = from; i < to && eq < 0; i++) {
            eq = body[i] == '=' ? i : -1;
        }
        if (eq < 0) {
            return Check.reject(Rejection.MALFORMED, "a pair without '='");
        }
        byte[] key = percentDecode(body, from, eq);
        byte[] value = percentDecode(body, eq + 1, to);
        if (key == null || value == null) {
            return Check.reject(Rejection.MALFORMED, "bad percent-encoding");
        }
        return Check.ok(new byte[][] { key, value });
    }

    /**
     * Percent-decoding with {@code +} as space; null when a {@code %} is not followed by
     * two hex digits.
     */
    private static byte[] percentDecode(byte[] body, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            byte b = body[i];
            if (b == '+') {
                out.write(' ');
            }
            else if (b == '%') {
                int hi = i + 2 < to ? Character.digit(body[i + 1], 16) : -1;
                int lo = hi >= 0 ? Character.digit(body[i + 2], 16) : -1;
                if (lo < 0) {
                    return null;
                }
                out.write(hi << 4 | lo);
                i += 2;
            }
            else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    private static Optional<String> text(byte[] bytes, Charset charset) {
        try {
            return Optional.of(charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString());
        }
        catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        // never the values: they carry the buyer's ids
        return "AlipayForm[" + params.keySet() + " " + charset.name() + "]";
    }
}
