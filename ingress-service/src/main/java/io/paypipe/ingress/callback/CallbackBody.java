package io.paypipe.ingress.callback;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The body of a callback as {@link CallbackBodyFilter} read it before the request reached
 * its controller: the raw bytes, or why there are none (empty, too large, not complete
 * within {@code ingress.body-read-timeout}, broken connection). Read once, never through
 * the servlet input stream again.
 */
public final class CallbackBody {

    static final String ATTRIBUTE = CallbackBody.class.getName();

    private CallbackBody() {
    }

    /**
     * What the filter read for this request. A controller under {@code /notify/} without
     * it is a wiring bug.
     */
    @SuppressWarnings("unchecked")
    public static Check<byte[]> of(HttpServletRequest request) {
        Object read = request.getAttribute(ATTRIBUTE);
        if (read instanceof Check<?> check) {
            return (Check<byte[]>) check;
        }
        throw new IllegalStateException("no callback body was read for " + request.getRequestURI());
    }

    /**
     * The body as text. Malformed UTF-8 is refused rather than replaced: with replacement
     * characters the text would no longer be the bytes that were signed.
     */
    public static Check<String> utf8(byte[] bytes) {
        try {
            return Check.ok(StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString());
        }
        catch (CharacterCodingException e) {
            return Check.reject(Rejection.NOT_UTF8, "malformed UTF-8");
        }
    }

}
