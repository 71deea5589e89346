package io.paypipe.ingress.callback;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Reads a request body once, never more than the limit, and decodes it as strict UTF-8. */
public final class BoundedBody {

    private BoundedBody() {
    }

    /**
     * The raw bytes of the body. {@code declaredLength} is the Content-Length (-1 if none): a body declared
     * too large is refused without reading it.
     */
    public static Check<byte[]> read(InputStream in, long declaredLength, long maxBytes) {
        if (declaredLength > maxBytes) {
            return Check.reject(Rejection.BODY_TOO_LARGE, "declared " + declaredLength + " bytes");
        }
        try {
            byte[] bytes = in.readNBytes(Math.toIntExact(maxBytes + 1));
            if (bytes.length == 0) {
                return Check.reject(Rejection.EMPTY_BODY, "0 bytes");
            }
            if (bytes.length > maxBytes) {
                return Check.reject(Rejection.BODY_TOO_LARGE, "more than " + maxBytes + " bytes");
            }
            return Check.ok(bytes);
        } catch (IOException e) {
            return Check.reject(Rejection.MALFORMED, "body unreadable: " + e.getClass().getSimpleName());
        }
    }

    /**
     * The body as text. Malformed UTF-8 is refused rather than replaced: with replacement characters the
     * text would no longer be the bytes that were signed.
     */
    public static Check<String> utf8(byte[] bytes) {
        try {
            return Check.ok(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Check.reject(Rejection.NOT_UTF8, "malformed UTF-8");
        }
    }
}
