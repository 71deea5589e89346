package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.CallbackAdmission;
import io.paypipe.core.topic.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

    /** One HTTP/1.1 exchange on a kept-alive socket, read by its length or its chunks. */
    record RawAnswer(int status, Map<String, String> headers, String body) {

        static RawAnswer exchange(Socket socket, SignedNotification n) throws IOException {
            StringBuilder head = new StringBuilder("POST /notify/wechatpay HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            n.headers().forEach((name, values) -> head.append(name).append(": ").append(values.get(0)).append("\r\n"));
            head.append("Content-Type: application/json\r\nContent-Length: ")
                .append(n.body().length)
                .append("\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(n.body());
            out.flush();
            return read(socket.getInputStream());
        }

        static RawAnswer read(InputStream in) throws IOException {
            String[] lines = line(in, "\r\n\r\n").split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
                    body.write(exactly(in, size));
                    line(in, "\r\n");
                }
                line(in, "\r\n");
            }
            else {
                body.write(exactly(in, Integer.parseInt(headers.getOrDefault("content-length", "0"))));
            }
            return new RawAnswer(status, headers, body.toString(StandardCharsets.UTF_8));
        }

        private static int chunkSize(InputStream in) throws IOException {
            return Integer.parseInt(line(in, "\r\n").trim(), 16);
        }

        private static byte[] exactly(InputStream in, int n) throws IOException {
            byte[] bytes = in.readNBytes(n);
            if (bytes.length < n) {
                throw new IOException("connection closed after " + bytes.length + " of " + n + " bytes");
            }
            return bytes;
        }

        /**
         * Up to (without) {@code end}; an IOException when the connection closes first.
         */
        private static String line(InputStream in, String end) throws IOException {
            StringBuilder text = new StringBuilder();
            while (!text.toString().endsWith(end)) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed after " + text.length() + " bytes: " + text);
                }
                text.append((char) b);
            }
            return text.substring(0, text.length() - end.length());
        }

    }

}
