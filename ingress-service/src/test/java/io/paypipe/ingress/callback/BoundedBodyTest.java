package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class BoundedBodyTest {

    @Test
    void readsTheBodyUpToTheLimit() {
        byte[] body = new byte[10];

        assertThat(BoundedBody.read(new ByteArrayInputStream(body), 10, 10))
                .isInstanceOfSatisfying(Check.Ok.class, ok -> assertThat((byte[]) ok.value()).hasSize(10));
    }

    @Test
    void refusesAnEmptyBody() {
        assertThat(rejection(BoundedBody.read(new ByteArrayInputStream(new byte[0]), -1, 10))).isEqualTo(Rejection.EMPTY_BODY);
    }

    @Test
    void refusesABodyDeclaredTooLargeWithoutReadingIt() {
        assertThat(rejection(BoundedBody.read(InputStreamThatFails.INSTANCE, 11, 10))).isEqualTo(Rejection.BODY_TOO_LARGE);
    }

    @Test
    void refusesABodyThatTurnsOutTooLarge() {
        assertThat(rejection(BoundedBody.read(new ByteArrayInputStream(new byte[11]), -1, 10))).isEqualTo(Rejection.BODY_TOO_LARGE);
    }

    @Test
    void decodesStrictUtf8Only() {
        assertThat(BoundedBody.utf8("支付成功".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(Check.ok("支付成功"));
        assertThat(rejection(BoundedBody.utf8(new byte[] {(byte) 0xC3, (byte) 0x28}))).isEqualTo(Rejection.NOT_UTF8);
    }

    @Test
    void fingerprintsWithoutTheContent() {
        assertThat(BodyFingerprint.of("secret".getBytes()).toString()).isEqualTo("6B sha256:2bb80d537b1da3e3").doesNotContain("secret");
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

    private static final class InputStreamThatFails extends java.io.InputStream {
        static final InputStreamThatFails INSTANCE = new InputStreamThatFails();

        @Override
        public int read() {
            throw new AssertionError("must not be read");
        }
    }
}
