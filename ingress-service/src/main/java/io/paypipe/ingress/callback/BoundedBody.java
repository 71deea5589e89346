package io.paypipe.ingress.callback;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** A request body as strict UTF-8 (the bytes themselves are read by {@link CallbackBodyFilter}). */
public final class BoundedBody {

    private BoundedBody() {
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
