package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A kept-alive connection carries far more than Tomcat's default of 100 pushes
 * ({@code server.tomcat.max-keep-alive-requests}, 10,000 in ingress's defaults): with the
 * default every 100th answer closed its connection, and a channel (or the proxy in front)
 * pushing on kept-alive connections paid a new connection, and Tomcat new buffers for it,
 * every 100 callbacks.
 */
class KeptAliveConnectionIntegrationTest extends CallbackIntegrationSupport {

    /** Past Tomcat's default, whose 100th answer says {@code Connection: close}. */
    private static final int PUSHES = 150;

    @Test
    void aKeptAliveConnectionCarriesMoreThanAHundredPushes() throws Exception {
        // Given 150 genuine callbacks of as many orders
        List<String> orders = new ArrayList<>();
        List<SignedNotification> pushes = new ArrayList<>();
        for (int i = 0; i < PUSHES; i++) {
            String out = newOutTradeNo();
            orders.add(out);
            pushes.add(SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, newTransactionId(), 1, 1).json(), Instant.now()));
        }

        // When they are pushed one after the other on one connection
        List<RawAnswer> answers = new ArrayList<>();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            for (SignedNotification push : pushes) {
                answers.add(RawAnswer.exchange(socket, push));
            }
        }

        // Then every one was answered on it with the success ack, none closing it, and
        // every one was stored
        assertThat(answers).hasSize(PUSHES);
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(204);
            assertThat(answer.headers().getOrDefault("connection", "")).doesNotContainIgnoringCase("close");
        });
        assertThat(orders).allSatisfy(out -> assertThat(rawRows(out)).hasSize(1));
    }

}
