package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallbackBodyTest {

    @Test
    void decodesStrictUtf8Only() {
        assertThat(CallbackBody.utf8("支付成功".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
            .isEqualTo(Check.ok("支付成功"));
        assertThat(rejection(CallbackBody.utf8(new byte[] { (byte) 0xC3, (byte) 0x28 }))).isEqualTo(Rejection.NOT_UTF8);
    }

    @Test
    void fingerprintsWithoutTheContent() {
        assertThat(BodyFingerprint.of("secret".getBytes()).toString()).isEqualTo("6B sha256:2bb80d537b1da3e3")
            .doesNotContain("secret");
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
