package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.CallbackAdmission;
import io.paypipe.core.topic.Json;
import java.net.Socket;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A refused callback keeps its connection: a channel that pushes over a kept-alive
 * connection (WeChat and Stripe do) must not pay a new connection for every push that
 * ingress refuses while it is busy. Tomcat closes the connection after a 503, so the busy
 * answer is a 429: still each channel's fail ack.
 */
class BusyAnswerConnectionIntegrationTest extends CallbackIntegrationSupport {

    @Autowired
    CallbackAdmission admission;

    @Test
    void aBusyAnswerKeepsTheConnectionForTheNextPush() throws Exception {
        // Given the admission full, and a genuine callback on a kept-alive connection
        String out = newOutTradeNo();
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 1, 1).json(), Instant.now());
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            RawAnswer busy;
            List<CallbackAdmission.Place> taken;
            try (AdmissionTaken full = AdmissionTaken.all(admission)) {
                taken = full.places();

                // When it is pushed
                busy = RawAnswer.exchange(socket, genuine);
            }

            // Then it gets the busy fail ack, and the connection is not closed
            assertThat(taken).isNotEmpty();
            assertThat(busy.status()).isEqualTo(429);
            assertThat(Json.MAPPER.readTree(busy.body()).path("code").asString()).isEqualTo("FAIL");
            assertThat(busy.headers().getOrDefault("connection", "")).doesNotContainIgnoringCase("close");
            assertThat(rawRows(out)).isEmpty();

            // and the next push of the same callback, on the same connection, is stored
            RawAnswer next = RawAnswer.exchange(socket, genuine);
            assertThat(next.status()).isEqualTo(204);
            assertThat(rawRows(out)).hasSize(1);
        }
    }

}
