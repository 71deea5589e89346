package io.paypipe.ingress.wechatpay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 exchange on a kept-alive socket, read by its length or its chunks: for the
 * tests of what happens to a connection ({@link BusyAnswerConnectionIntegrationTest},
 * {@link KeptAliveConnectionIntegrationTest}).
 */
record RawAnswer(int status, Map<String, String> headers, String body) {

    static RawAnswer exchange(Socket socket, SignedNotification n) throws IOException {
        StringBuilder head = new StringBuilder("POST /notify/wechatpay HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        n.headers().forEach((name, values) -> head.append(name).append(": ").append(values.get(0)).append("\r\n"));
        head.append("Content-Type: application/json\r\nContent-Length: ").append(n.body().length).append("\r\n\r\n");
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
