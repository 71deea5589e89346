package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The failure files of the fuzz tests hold exactly the bytes the JDK client sent. */
class FuzzRequestTest {

    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^Content-Length: (\\d+)$");

    @Test
    void theWireBytesAreWhatTheJdkClientSends() throws Exception {
        // Given a request with repeated and mixed-case names, an empty value and a body
        // that is not text
        byte[] body = { 'a', 0, (byte) 0xC3, '\r', '\n', (byte) 0xFF, '&', '=' };
        FuzzRequest request = new FuzzRequest(body,
                List.of(Map.entry("Wechatpay-Nonce", "n2"), Map.entry("Content-Type", "application/json"),
                        Map.entry("wechatpay-nonce", "n1"), Map.entry("Accept", ""), Map.entry("X-Fuzz-7", "%&=+"),
                        Map.entry("Wechatpay-Nonce", "n3")));

        try (ServerSocket server = new ServerSocket(0);
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> receiveOne(server));

            // When the fuzzer's endpoint sends it
            FuzzRequest.Response response = FuzzRequest
                .http(client, URI.create("http://127.0.0.1:" + server.getLocalPort() + "/notify/x"))
                .send(request);

            // Then the server saw exactly the bytes a failure file records
            assertThat(response.status()).isEqualTo(204);
            assertThat(new String(received.get(10, TimeUnit.SECONDS), StandardCharsets.ISO_8859_1)).isEqualTo(
                    new String(request.wireBytes("/notify/x", server.getLocalPort()), StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void headersTheJdkClientRefusesAreLeftOutBeforeSending() {
        // Given a control character in one value and a restricted name
        FuzzRequest request = new FuzzRequest(new byte[0], List.of(Map.entry("X-Ok", "1"),
                Map.entry("X-Bad", "a\u0001b"), Map.entry("Content-Length", "5"), Map.entry("X-Ok", "2")));

        // When / Then only what the client can send is kept, in order
        assertThat(request.sendable().headers()).containsExactly(Map.entry("X-Ok", "1"), Map.entry("X-Ok", "2"));
        assertThat(request.firstHeader("x-ok")).isEqualTo("1");
    }

    private static byte[] receiveOne(ServerSocket server) {
        try (Socket socket = server.accept()) {
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream seen = new ByteArrayOutputStream();
            int headEnd = -1;
            while (headEnd < 0) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed before the head ended");
                }
                seen.write(b);
                headEnd = seen.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
            }
            Matcher length = CONTENT_LENGTH.matcher(seen.toString(StandardCharsets.ISO_8859_1));
            seen.writeBytes(in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0));
            socket.getOutputStream()
                .write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return seen.toByteArray();
        }
        catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

}
